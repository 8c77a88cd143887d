export function Footer() {
  return (
    <footer className="app-footer">
      <span>© 2025 MovieClub. All rights reserved.</span>
    </footer>
  );
}
