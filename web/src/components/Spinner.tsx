/**
 * PrimeReact's ProgressSpinner as markup and CSS (styles.css) alone: the home page shows it while
 * the catalogue loads, and the component's script would cost the first visit a kilobyte.
 */
export function Spinner({ className, label }: { className?: string; label: string }) {
  return (
    <div className={`p-progress-spinner ${className ?? ''}`} role="progressbar" aria-busy="true" aria-label={label}>
      <svg className="p-progress-spinner-svg" viewBox="25 25 50 50">
        <circle className="p-progress-spinner-circle" cx="50" cy="50" r="20" fill="none" strokeWidth="2" strokeMiterlimit="10" />
      </svg>
    </div>
  );
}
