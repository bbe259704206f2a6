// window.lasttoken over HTTP, for browser mode (`lasttoken web`): the same
// LastTokenBridge the preload gives the Electron window, so the renderer
// cannot tell which transport it runs on. Each method is one POST of its
// input to /api/<method>, answered with the server's ApiResult envelope;
// events arrive as Server-Sent Events. Like the preload's, these functions
// never throw: a server that cannot be reached is an ApiResult too.

import type { ApiResult, ExportResult } from '../../../shared/api';
import { IPC_METHOD_NAMES, type IpcMethodName } from '../../../shared/ipc-channels';
import type { LastTokenBridge } from '../../../shared/ipc-contract';
import { fileNameOf } from './download-name';
import { subscribeToEvents } from './event-subscription';

/** Hands a downloaded file to the user (in a page: an <a download> click). */
export type SaveDownload = (file: Blob, fileName: string) => void;

export interface HttpBridgeOptions {
  /** Where the server is; default '' (this page's own origin). */
  baseUrl?: string;
  /** Sent as `Authorization: Bearer`; a page needs none (its session cookie is sent instead). */
  token?: string;
  saveDownload: SaveDownload;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** The first wait before the event stream reconnects (doubling up to 5 s); default 250 ms. */
  reconnectDelayMs?: number;
}

type Answer = ApiResult<unknown>;

/** The methods whose answer is the file itself (the app saves it through its dialog instead). */
const DOWNLOADS = {
  exportCsv: { types: ['text/csv'], fallback: 'lasttoken.csv' },
  exportReport: { types: ['text/html', 'text/markdown'], fallback: 'lasttoken-report.html' },
} as const satisfies Partial<Record<IpcMethodName, { types: readonly string[]; fallback: string }>>;
type DownloadMethod = keyof typeof DOWNLOADS;

const isDownload = (name: IpcMethodName): name is DownloadMethod => name in DOWNLOADS;

export function createHttpBridge(options: HttpBridgeOptions): LastTokenBridge {
  const base = options.baseUrl ?? '';
  // Wrapped: a browser's fetch called as another object's method throws "Illegal invocation".
  const fetchApi: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init));
  const auth: Record<string, string> = options.token
    ? { Authorization: `Bearer ${options.token}` }
    : {};

  /** One POST; a failure to reach the server becomes an `internal` ApiResult. */
  async function post(
    name: string,
    input: unknown,
    read: (response: Response) => Promise<Answer>,
  ): Promise<Answer> {
    try {
      const response = await fetchApi(`${base}/api/${name}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify(input ?? {}),
        credentials: 'same-origin',
      });
      return await read(response);
    } catch (error) {
      return {
        ok: false,
        error: {
          code: 'internal',
          message: `${name}: cannot reach the LastToken server (${messageOf(error)}): is "lasttoken web" still running?`,
        },
      };
    }
  }

  /** The server's envelope; anything else (a proxy's error page) says what came instead. */
  async function envelope(name: string, response: Response): Promise<Answer> {
    const body: unknown = await response.json().catch(() => null);
    if (isApiResult(body)) return body;
    return {
      ok: false,
      error: {
        code: 'internal',
        message: `${name}: the server answered HTTP ${response.status} without a LastToken result`,
      },
    };
  }

  /** The file is the response itself: saved as a download, answered as the app's save is. */
  async function download(name: DownloadMethod, response: Response): Promise<Answer> {
    const { types, fallback } = DOWNLOADS[name];
    const type = response.headers.get('Content-Type') ?? '';
    if (!response.ok || !types.some((t) => type.startsWith(t))) return envelope(name, response);
    const file = await response.blob();
    const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? fallback;
    options.saveDownload(file, fileName);
    const result: ExportResult = { saved: true, file_name: fileName, path: null, bytes: file.size };
    return { ok: true, value: result };
  }

  const methods = Object.fromEntries(
    IPC_METHOD_NAMES.map((name) => [
      name,
      (input?: unknown) =>
        post(name, input, (response) =>
          isDownload(name) ? download(name, response) : envelope(name, response),
        ),
    ]),
  );

  // The cast pairs each method with its result type, as the preload's does:
  // the server's handlers are compiled against the same contract.
  return {
    ...methods,
    subscribe: (listener) =>
      subscribeToEvents({
        url: `${base}/api/events`,
        headers: auth,
        fetch: fetchApi,
        reconnectDelayMs: options.reconnectDelayMs ?? 250,
        listener,
      }),
  } as LastTokenBridge;
}

function isApiResult(body: unknown): body is Answer {
  if (typeof body !== 'object' || body === null || !('ok' in body)) return false;
  return body.ok === true ? 'value' in body : body.ok === false && 'error' in body;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
