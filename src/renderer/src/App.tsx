// The app: its context (settings, theme), the frame, and the screen the
// address names. Each screen is a folder under pages/.

import { useTranslation } from 'react-i18next';
import { AppLayout } from './layout/AppLayout';
import { EmptyState } from './components/EmptyState';
import { HistoryPage } from './pages/history/HistoryPage';
import { ComparePage } from './pages/history/ComparePage';
import { NewRunPage } from './pages/new-run/NewRunPage';
import { ProfilesPage } from './pages/profiles/ProfilesPage';
import { RunPage } from './pages/run/RunPage';
import { SettingsPage } from './pages/settings/SettingsPage';
import { hrefOf, useRoute } from './router';

export function App() {
  const route = useRoute();
  return <AppLayout route={route}>{route ? <Screen route={route} /> : <NotFound />}</AppLayout>;
}

function Screen({ route }: { route: NonNullable<ReturnType<typeof useRoute>> }) {
  switch (route.page) {
    case 'new-run':
      return <NewRunPage />;
    case 'run':
      // A new key per run: nothing of one run's screen carries over to another's.
      return <RunPage key={route.runId} runId={route.runId} />;
    case 'history':
      return <HistoryPage />;
    case 'compare':
      return <ComparePage key={`${route.a}/${route.b}`} a={route.a} b={route.b} />;
    case 'profiles':
      return <ProfilesPage />;
    case 'settings':
      return <SettingsPage />;
  }
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState title={t('common.state.notFound')}>
      <a href={hrefOf({ page: 'new-run' })}>{t('common.nav.newRun')}</a>
    </EmptyState>
  );
}
