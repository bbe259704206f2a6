// A settings form's Save button, and "Saved." once what it holds was stored.

import { useTranslation } from 'react-i18next';

export function SaveActions({ saved }: { saved: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="page-actions">
      <button type="submit" className="primary">
        {t('common.actions.save')}
      </button>
      {saved && (
        <span className="muted" role="status">
          {t('settings.saved')}
        </span>
      )}
    </div>
  );
}
