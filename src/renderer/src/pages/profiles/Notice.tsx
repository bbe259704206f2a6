// What just happened on the profiles screen (saved, duplicated, deleted, or
// why not), kept until the next action or until closed. It takes the focus
// when it appears, so a keyboard or screen-reader user hears it too.

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface NoticeContent {
  tone: 'info' | 'warning' | 'error';
  text: string;
  action?: { label: string; href: string };
}

export function Notice({ content, onClose }: { content: NoticeContent; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [content]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`message message-${content.tone} notice`}
      role={content.tone === 'info' ? 'status' : 'alert'}
    >
      <p className="wrap-anywhere">{content.text}</p>
      <div className="page-actions">
        {content.action && (
          <a className="button" href={content.action.href}>
            {content.action.label}
          </a>
        )}
        <button type="button" onClick={onClose}>
          {t('common.actions.close')}
        </button>
      </div>
    </div>
  );
}
