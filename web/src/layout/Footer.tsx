import { t } from '../i18n';

export function Footer() {
  return (
    <footer className="app-footer">
      <span>{t('© 2025 MovieClub. All rights reserved.')}</span>
    </footer>
  );
}
