import { type ReactNode, useState } from 'react';
import { t } from '../../i18n';
import './social.css';

/**
 * Text that gives the plot away: blurred, hidden from screen readers and out of the tab
 * order until 'Show spoiler' is pressed; then shown as any other text.
 */
export function SpoilerBlock({ spoiler, children }: { spoiler: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  if (!spoiler || shown) return <>{children}</>;
  return (
    <div className="spoiler">
      <div className="spoiler-content" aria-hidden="true" inert>
        {children}
      </div>
      <button type="button" className="spoiler-reveal" onClick={() => setShown(true)}>
        <i className="pi pi-eye" aria-hidden="true" /> {t('Contains spoilers: show')}
      </button>
    </div>
  );
}
