import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createHttpBridge } from './api/http-bridge';
import { installBridge } from './api/install-bridge';
import { saveDownload } from './api/save-download';
import './styles.css';

// Electron's preload has provided window.lasttoken already; a browser
// (`lasttoken web`) gets the same API over HTTP from the page's own server.
installBridge(window, () => createHttpBridge({ saveDownload }));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
