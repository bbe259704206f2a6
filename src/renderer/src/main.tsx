import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHttpBridge } from './api/http-bridge';
import { installBridge } from './api/install-bridge';
import { saveDownload } from './api/save-download';
import { lasttoken } from './api/client';
import { AppProvider } from './app/app-context';
import { ErrorMessage } from './components/ErrorMessage';
import { startI18n } from './i18n';
import './styles.css';

// Electron's preload has provided window.lasttoken already; a browser
// (`lasttoken web`) gets the same API over HTTP from the page's own server.
installBridge(window, () => createHttpBridge({ saveDownload }));

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

/** The settings and the app's description first: the language and theme come from them. */
async function start(): Promise<void> {
  const api = lasttoken();
  try {
    const [info, settings] = await Promise.all([api.appInfo(), api.settingsGet()]);
    await startI18n(settings.language);
    root.render(
      <StrictMode>
        <AppProvider info={info} initialSettings={settings}>
          <App />
        </AppProvider>
      </StrictMode>,
    );
  } catch (error) {
    // No settings, no app: say why, in the browser's language, instead of a blank page.
    await startI18n(navigator.language.startsWith('zh') ? 'zh-CN' : 'en');
    root.render(<ErrorMessage error={error} onRetry={() => window.location.reload()} />);
  }
}

void start();
