// The frame of every screen: the navigation (with the runs going now, so a
// run left behind is one click away) and the screen itself.

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveRun } from '../../../shared/api';
import { lasttoken } from '../api/client';
import { useApiValue, useAppEvents } from '../api/use-api';
import { useFormat } from '../i18n/format';
import { hrefOf, type PageName, type Route } from '../router';

const NAV: { page: PageName; route: Route; label: string }[] = [
  { page: 'new-run', route: { page: 'new-run' }, label: 'common.nav.newRun' },
  { page: 'history', route: { page: 'history' }, label: 'common.nav.history' },
  { page: 'profiles', route: { page: 'profiles' }, label: 'common.nav.profiles' },
  { page: 'settings', route: { page: 'settings' }, label: 'common.nav.settings' },
];

/** The runs going now: loaded once, then kept by the events. */
function useLiveRuns(): LiveRun['record'][] {
  const initial = useApiValue(() => lasttoken().runsLive(), []);
  const [changes, setChanges] = useState<{ started: LiveRun['record'][]; ended: Set<string> }>({
    started: [],
    ended: new Set(),
  });
  useAppEvents((event) => {
    if (event.type === 'run_started') {
      setChanges((c) => ({ ...c, started: [...c.started, event.record] }));
    } else if (event.type === 'run_finished') {
      setChanges((c) => ({ ...c, ended: new Set([...c.ended, event.run_id]) }));
    }
  });
  const loaded = initial.loaded.state === 'ready' ? initial.loaded.value.map((r) => r.record) : [];
  const all = [...loaded, ...changes.started.filter((r) => !loaded.some((l) => l.id === r.id))];
  return all.filter((record) => !changes.ended.has(record.id));
}

export function AppLayout({ route, children }: { route: Route | null; children: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const live = useLiveRuns();
  // A run going now is marked under "Running now"; any other run belongs to the history.
  const liveRunShown = route?.page === 'run' && live.some((r) => r.id === route.runId);
  const current: PageName | null =
    route?.page === 'run' || route?.page === 'compare'
      ? liveRunShown
        ? null
        : 'history'
      : (route?.page ?? null);
  return (
    <div className="layout">
      <nav className="sidebar" aria-label={t('common.nav.label')}>
        <a className="brand" href={hrefOf({ page: 'new-run' })}>
          <span className="brand-name">{t('common.appName')}</span>
          <span className="brand-tagline">{t('common.tagline')}</span>
        </a>
        <ul className="nav-links">
          {NAV.map((item) => (
            <li key={item.page}>
              <a
                href={hrefOf(item.route)}
                aria-current={current === item.page ? 'page' : undefined}
              >
                {t(item.label)}
              </a>
            </li>
          ))}
        </ul>
        {live.length > 0 && (
          <section className="nav-live" aria-label={t('common.nav.live')}>
            <h2>{t('common.nav.live')}</h2>
            <ul>
              {live.map((record) => (
                <li key={record.id}>
                  <a
                    href={hrefOf({ page: 'run', runId: record.id })}
                    aria-current={
                      route?.page === 'run' && route.runId === record.id ? 'page' : undefined
                    }
                  >
                    <span className="live-dot" aria-hidden="true" />
                    {t('common.nav.liveRun', { time: format.dateTime(record.started_at) })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </nav>
      <main className="content">{children}</main>
    </div>
  );
}
