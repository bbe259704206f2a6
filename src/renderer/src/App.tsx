import { useEffect, useState } from 'react';
import { apiOf } from '../../shared/api-client';
import type { AppInfo } from '../../shared/ipc-contract';

type Loaded =
  { state: 'loading' } | { state: 'ready'; info: AppInfo } | { state: 'failed'; error: string };

export function App() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    apiOf(window.lasttoken)
      .appInfo()
      .then(
        (info) => current && setLoaded({ state: 'ready', info }),
        (error: unknown) => current && setLoaded({ state: 'failed', error: String(error) }),
      );
    // StrictMode runs effects twice in development; only the live one may set state.
    return () => {
      current = false;
    };
  }, []);

  return (
    <main className="app">
      <h1>LastToken</h1>
      <p className="tagline">The user waits for the last token.</p>
      <AppInfoLine loaded={loaded} />
    </main>
  );
}

function AppInfoLine({ loaded }: { loaded: Loaded }) {
  switch (loaded.state) {
    case 'loading':
      return <p className="info">Loading…</p>;
    case 'failed':
      return <p className="info error">Could not read app info: {loaded.error}</p>;
    case 'ready': {
      const { name, version, platform, electron, node } = loaded.info;
      return (
        <p className="info">
          {name} {version} · {platform} · Electron {electron ?? 'none'} · Node {node}
        </p>
      );
    }
  }
}
