// The --help texts. Defaults are interpolated from the values the parser uses,
// so the help cannot drift from the behaviour.

import { formatDuration } from '../../shared/duration';
import { DEFAULT_READER_PACE_TPS } from '../../shared/reader';
import { DEFAULT_GIVE_UP_AFTER, DEFAULT_MAX_RETRY_WAIT_MS } from '../../shared/run';
import { DEFAULT_LIMITS } from '../probe';
import { DEMO_PROFILE_ID } from '../profiles';
import { DEFAULT_WEB_HOST } from '../web';
import { PROBE_DEFAULTS, SIM_DEFAULT_PORT } from './args';
import { HISTORY_DEFAULT_LIMIT } from './store-args';

const seconds = (ms: number): string => `${ms / 1000}`;

/** Bytes as the size flags take them: 16M, 256M, or a plain number. */
function size(bytes: number): string {
  for (const [unit, scale] of [
    ['G', 1024 ** 3],
    ['M', 1024 ** 2],
    ['K', 1024],
  ] as const) {
    if (bytes % scale === 0) return `${bytes / scale}${unit}`;
  }
  return String(bytes);
}

export const MAIN_HELP = `lasttoken — measures how LLM API endpoints really stream

Usage:
  lasttoken probe --base-url URL --model M [options]   measure one endpoint (nothing saved)
  lasttoken sim [--port N]                             run the simulated provider
  lasttoken models PROFILE | --base-url URL [--free]   the provider's models, free ones marked
  lasttoken presets [--json]                           built-in provider presets for profile add
  lasttoken profile add|list|edit|remove|set-key|delete-key ...
                                                       saved endpoints; keys in the OS keychain
  lasttoken run --profiles ID,ID [options]             measure saved profiles side by side
                                                       and keep the run in the history
  lasttoken history [--profile P] [--since DATE] ...   past runs, newest first
  lasttoken show RUN_ID                                one run: configuration, summary, failures
  lasttoken export RUN_ID --kind K --out FILE|-        a run as CSV (summary, trials, chunks, comparisons)
  lasttoken report RUN_ID... | --series ID             a report to share: one HTML file with the charts
                                                       or as a run file (--kind json)
  lasttoken import FILE... [--label TEXT]              add the runs of run files to this history
  lasttoken web [--port N] [--no-open]                 the app in your browser (browser mode)
  lasttoken --help | --version

"lasttoken COMMAND --help" shows a command's options. Profiles and runs live in
the desktop app's database file; --db PATH or LASTTOKEN_DB picks another. A
history you may not write is still read by history, show, export and profile
list; the commands that write refuse it before doing anything.
Try it without any key: lasttoken run --profiles demo
Your users wait for the last token: the probe shows where the time goes.
`;

/** The request-shape flags, alike on probe and profile add/edit. */
const REQUEST_SHAPE_HELP = `  --key-header NAME      the header that carries the key (e.g. api-key for Azure
                         OpenAI); the key is then its whole value. Default: the
                         dialect's (Authorization: Bearer KEY, x-api-key: KEY)
  --key-prefix TEXT      what precedes the key in --key-header, with its space
                         (--key-prefix "Bearer ")
  --query NAME=VALUE     extra query parameter on every request URL, repeatable
                         (e.g. api-version=2024-10-21); never for keys
  --proxy URL            send requests through this proxy: http://, https://,
                         socks5:// or socks5h://HOST:PORT; USER:PASSWORD@ in it go
                         to the OS keychain like a key, never to the database
  --no-proxy             no proxy, whatever HTTPS_PROXY, ALL_PROXY... say
                         (default: the environment's proxy, as curl reads it)`;

/** The shared request parameters: on probe and profile add/edit, and per run on run. */
const SHARED_PARAMS_HELP = `  --system TEXT          a system prompt, sent first as the dialect sends one
  --temperature X        sampling temperature, 0 to 2
  --top-p X              nucleus sampling, 0 to 1
  --seed N               sampling seed (openai-chat; Anthropic has none)
  --stop TEXT            a stop sequence, repeatable up to 4 (\\n for a line break)`;

/** What a probe or a run sends as its prompt (prompt-args.ts). */
const PROMPT_HELP = `  --prompt-file FILE     the prompt from a file (its last line break dropped)
  --input-tokens N       a synthetic prompt of N input tokens (o200k_base): filler
                         text in the prompt's language, then the prompt as its
                         question. N,N,... (1000,8k,32k) sweeps the lengths: each
                         its own group of trials, reported with TTFT against
                         prompt tokens and the fitted prefill_ms_per_ktok
  --cache cold|warm      cold (default): each trial's prompt starts with a marker
                         of its own, so no prompt cache can serve it; warm:
                         identical prompts, the cache primed first by the warm-ups
                         (one length only)`;

/** The request parameters a profile (or a probe) sends besides the prompt. */
const REQUEST_PARAMS_HELP = `${SHARED_PARAMS_HELP}
  --reasoning-effort E   openai-chat: none, minimal, low, medium, high or xhigh
                         (reasoning_effort); anthropic-messages: a thinking budget
                         in tokens, at least 1024 (thinking.budget_tokens)
  --token-param NAME     max_tokens or max_completion_tokens (openai-chat). Default:
                         max_tokens; a 400 that names it (OpenAI's reasoning models)
                         is asked once more with the other, and a saved profile
                         keeps the one its endpoint took
  --body JSON|@FILE      an object merged into each request body: a provider's own
                         fields ({"provider": {"order": ["x"]}}, {"enable_thinking":
                         false}). It may not set the model, the prompt, streaming or
                         the token limit, nor carry a credential`;

export const PROBE_HELP = `Usage: lasttoken probe --base-url URL --model M [options]

Runs the same prompt against one endpoint, streaming and plain, trial after
trial (modes interleaved, so drift affects both alike), and prints the median
and p95 of time to first token, total time, gaps between chunks, tokens/s and
tokens per chunk, with n beside every figure.

Endpoint:
  --base-url URL         base URL by the SDK's convention (https://api.openai.com/v1,
                         https://api.anthropic.com) or the full endpoint URL
  --model M              model name sent in the request
  --dialect D            openai-chat | anthropic-messages | openai-responses
                         (default ${PROBE_DEFAULTS.dialect})
  --api-key-env VAR      read the API key from the environment variable VAR
                         (also --key-env VAR; keys are never accepted on the command line)
  --header Name:Value    extra request header, repeatable (not for credentials)
  --allow-insecure-key   allow sending the key over plain http to a non-loopback host
${REQUEST_SHAPE_HELP}

Run:
  --mode M               stream | plain | both (default ${PROBE_DEFAULTS.mode})
  --trials N             trials per mode (default ${PROBE_DEFAULTS.trials})
  --max-tokens N         max_tokens of each request (default ${PROBE_DEFAULTS.maxTokens})
  --prompt TEXT          default: "${PROBE_DEFAULTS.prompt}"
${PROMPT_HELP}
${REQUEST_PARAMS_HELP}
  --reuse-connection     keep one connection across trials (default: a new one per trial)
  --abort-after N        abort experiment: hang up each stream after N tokens and
                         report what still arrives
  --max-rpm N            at most N calls per minute: trials start 60/N s apart
  --max-retry-wait D     a 429 or 503 with Retry-After holds the next trial back as
                         asked, at most D (90s, 2m; a bare number is seconds;
                         default ${formatDuration(DEFAULT_MAX_RETRY_WAIT_MS)}; 0: never wait)

Limits, in seconds (decimals allowed, at least 0.001):
  --connect-timeout S    DNS + TCP + proxy tunnel + TLS (default ${seconds(DEFAULT_LIMITS.connect_timeout_ms)})
  --idle-timeout S       no bytes at all for this long ends a trial (default ${seconds(DEFAULT_LIMITS.idle_timeout_ms)})
  --stall S              no content for this long flags a stall (default ${seconds(DEFAULT_LIMITS.stall_ms)})
  --deadline S           overall cap per trial (default ${seconds(DEFAULT_LIMITS.deadline_ms)})

  --reader-pace N        the reader of the reader figures reads N tokens/s
                         (default ${DEFAULT_READER_PACE_TPS}): when they finish, how long they wait

Sizes, so that no server can grow LastToken's memory without bound (bytes take
K, M or G for KiB, MiB, GiB); passing one ends the trial as a protocol_error
that names it, with every time measured until then:
  --max-event-bytes N    one stream event, or a whole plain answer (default ${size(DEFAULT_LIMITS.max_event_bytes)})
  --max-response-bytes N one response's body, after decompression (default ${size(DEFAULT_LIMITS.max_response_bytes)})
  --max-text-chars N     answer and reasoning text kept per trial (default ${DEFAULT_LIMITS.max_text_chars})

Output:
  --json                 one JSON document on stdout: {endpoint, tokenizer, interrupted,
                         trials, summary} (progress still goes to stderr)

Exit codes: 0 the run completed (some trials may have failed), 1 every trial
failed, 2 bad arguments or configuration, 130 interrupted by Ctrl-C (143 by
SIGTERM); the trials finished so far are still printed.

Example:
  export OPENAI_API_KEY=...
  lasttoken probe --base-url https://api.openai.com/v1 --model gpt-4o-mini \\
    --api-key-env OPENAI_API_KEY --trials 5
`;

export const MODELS_HELP = `Usage: lasttoken models PROFILE [--free] [--json]
       lasttoken models --base-url URL [--dialect D] [--api-key-env VAR]
                        [--key-header NAME] [--query NAME=VALUE]
                        [--proxy URL | --no-proxy] [--free] [--json]

Lists the models the provider offers (its models endpoint: GET {base}/models,
Anthropic's /v1/models), sorted by id, with whether each is free where the
provider says so: OpenRouter's pricing (prompt and completion "0") or a :free
id. Most providers say nothing about prices: those models show "?", not "no".

  PROFILE                a saved profile's id or name: asked as a run asks it,
                         with its key
  --base-url URL         or an endpoint: base URL by the SDK's convention, or a
                         completions URL
  --dialect D            openai-chat | anthropic-messages | openai-responses
                         (default ${PROBE_DEFAULTS.dialect})
  --api-key-env VAR      read the API key from the environment variable VAR
                         (without it the list is asked without a key; --key-env
                         VAR says the same)
${REQUEST_SHAPE_HELP}
  --allow-insecure-key   allow sending the key over plain http to a non-loopback host
  --free                 only the models the provider says are free
  --json                 {url, free_only, models: [{id, name, free, context_length,
                         owner}]} on stdout; free is true, false or null (not said)
  --db PATH              with PROFILE: the history database

Exit codes: 0 listed, 1 the provider refused or failed (its message is shown),
2 bad arguments.

Example:
  lasttoken models --base-url https://openrouter.ai/api/v1 --free
`;

export const SIM_HELP = `Usage: lasttoken sim [--port N]

Runs the simulated LLM provider on 127.0.0.1 (port ${SIM_DEFAULT_PORT} unless --port is
given; --port 0 picks a free one), prints its URL, example probe commands and
its scenarios, and serves until Ctrl-C.
`;

export const WEB_HELP = `Usage: lasttoken web [--db PATH] [--port N] [--host H] [--no-open]

Browser mode: serves the app (the built renderer) and its API on 127.0.0.1,
prints the URL to open as the first line of standard output, opens it in the
system's browser, and serves the same profiles, keys and history as the
desktop app until Ctrl-C. For machines without a display and for testing the
app in a browser. Through an SSH tunnel, keep the port: lasttoken web --port
8080 there, ssh -L 8080:127.0.0.1:8080 HOST here (requests must name the
server's own port).

The URL carries a token made anew at each start; opening it signs that
browser in (the token then leaves the address bar). Without the token nothing
is served. Pages of other sites or ports can neither call the API nor frame
the app.

  --db PATH              the history database (default: LASTTOKEN_DB, else the
                         desktop app's file)
  --port N               the port (default: any free one)
  --host H               the address to listen on (default ${DEFAULT_WEB_HOST}). Anything but
                         a loopback address lets whoever reaches it with the token use
                         your profiles' keys through it.
  --no-open              print the URL without opening a browser (on a machine
                         shared with other users: they can list the command line
                         of the browser opened for you, token included)

The app must be built first: npm run web builds it and starts this command.
Exit codes: 130 stopped by Ctrl-C (143 by SIGTERM), 1 the history or the
built app cannot be used, 2 bad arguments or a port that cannot be used.
`;

const STORE_OPTIONS = `  --db PATH              the history database (default: LASTTOKEN_DB, else the
                         desktop app's file)
  --json                 machine-readable output on stdout`;

export const PROFILE_HELP = `Usage:
  lasttoken profile add --name N --base-url URL --model M [options]   prints the new id
  lasttoken profile add --preset NAME --model M [options]  from a provider preset
  lasttoken profile list
  lasttoken profile edit ID [options]
  lasttoken profile remove ID            also deletes its key from the OS keychain
  lasttoken profile set-key ID [--from-env VAR]
  lasttoken profile delete-key ID
  lasttoken profile export [--out FILE]  the profiles as a file, without keys
  lasttoken profile import FILE          add the profiles of such a file

A profile is a saved endpoint: base URL, model, dialect, extra headers, defaults.
ID is the profile's id or its name (when no other profile has that name). The
built-in "Demo (simulated)" profile (id ${DEMO_PROFILE_ID}) runs against the simulator inside
LastToken and needs no key.

Profile options (add; edit changes only what is given):
  --name N               a name to tell it by (unique)
  --base-url URL         base URL by the SDK's convention (https://api.openai.com/v1,
                         https://api.anthropic.com) or the full endpoint URL
  --model M              model name sent in the request
  --dialect D            openai-chat | anthropic-messages | openai-responses
                         (default ${PROBE_DEFAULTS.dialect})
  --header Name:Value    extra request header, repeatable (not for credentials);
                         with edit it replaces all headers, --clear-headers removes them
  --max-tokens N         the profile's default max_tokens for runs
  --max-rpm N            at most N calls per minute (a free tier's limit): runs
                         start its calls 60/N s apart, warm-ups included, and the
                         plan says how long that makes the run (edit: 0 removes it)
  --notes TEXT           free text
  --color N              the colour every chart and table draws it in: a slot of
                         the app's palette, 0 to 7 (default: the slot fewest
                         profiles have)
  --allow-insecure-key   allow sending the key over plain http to a non-loopback
                         host (edit: --no-allow-insecure-key takes it back)
  --key-env VAR          take the key from the environment variable VAR when the
                         profile runs (its name is saved, never its value): for
                         servers and cron jobs without a keychain. It comes before
                         a key in the keychain; a run says so when VAR is unset
${REQUEST_SHAPE_HELP}
${REQUEST_PARAMS_HELP}
  --preset NAME          (add) base URL, dialect and key header of a provider
                         (lasttoken presets lists them); the name defaults to
                         "PROVIDER MODEL"; the other options override the preset
Edit: --query replaces all the parameters, --key-header starts without a prefix
  unless --key-prefix comes with it. --clear-key-header (back to the dialect's),
  --clear-query, --clear-key-env (or --no-key-header, --no-query, --no-key-env)
  and --env-proxy (back to the environment's proxy) take them back; --proxy URL
  and --no-proxy forget a proxy's stored credentials, --proxy
  USER:PASSWORD@HOST:PORT gives new ones. A request parameter given empty
  (--temperature "") is removed; the others stay.
${STORE_OPTIONS}

Keys: set-key reads the key from stdin, all of it less one trailing newline
(typed with echo off on a terminal), or from the environment variable named by
--from-env, and stores it in the OS keychain (service "LastToken", account = the
profile id). A key is never accepted on the command line, never stored in the
database and never printed. list shows whether one is stored (unknown when the
keychain cannot be reached). A profile without a key in the keychain never
asks it, so it runs where no keychain exists (with its key from --key-env, or
none).

Profile files: export writes every profile but the demo as versioned JSON
(standard output unless --out), with no key and no proxy credentials. import
checks the whole file before adding anything; a profile saved already (same
name, base URL and model) is skipped, so importing a file twice adds nothing;
one whose name another profile has gets "(imported)" after it. A file does not
decide where keys come from or how requests go out: its key variables, its
allow-insecure-key and its proxies are left out, each listed with the
profile edit command that sets it again.

Examples:
  lasttoken profile add --name openai-mini --base-url https://api.openai.com/v1 --model gpt-4o-mini
  printf %s "$OPENAI_API_KEY" | lasttoken profile set-key openai-mini
  lasttoken profile set-key openai-mini --from-env OPENAI_API_KEY
  lasttoken profile add --preset groq --model llama-3.3-70b-versatile --key-env GROQ_API_KEY
  lasttoken profile add --name azure --base-url https://RES.openai.azure.com/openai/deployments/DEP \\
    --model gpt-4o --key-header api-key --query api-version=2024-10-21

Exit codes: 0 done, 1 the keychain or the database cannot be used, 2 bad arguments.
`;

export const RUN_HELP = `Usage: lasttoken run --profiles ID,ID [options]

Measures saved profiles side by side: every profile at once, each one's trials
in turn with the modes interleaved, so drift over time affects all alike. Before
the first request it says how many API calls the run makes; each trial is saved
as soon as it ends; at the end it prints, per profile, the median and p95 of
time to first token, total time, gaps and tokens/s with n beside every figure,
then the profiles side by side. Profiles that need no key run without one; the
demo profile (id ${DEMO_PROFILE_ID}) starts the simulator inside LastToken for the run.

Run:
  --profiles ID,ID       profile ids or names, separated by commas
  --modes M,M            stream, plain, or both in the order each round runs them
                         (default stream,plain)
  --trials N             trials per profile and mode, at each input length (default ${PROBE_DEFAULTS.trials})
  --max-tokens N         max_tokens of every request (default: the profiles' own
                         default when they agree, else ${PROBE_DEFAULTS.maxTokens})
  --prompt TEXT          default: "${PROBE_DEFAULTS.prompt}"
${PROMPT_HELP}
${SHARED_PARAMS_HELP}
                         These are sent by every profile, over the profile's own;
                         a profile whose dialect has no such field is refused
  --warmup               one warm-up trial per profile and mode first: measured
                         and saved, not counted
  --reuse-connection     keep one connection per profile (default: a new one per trial)
  --without-keys         never ask the keychain nor read key variables: every
                         profile runs without its key
  --label TEXT           where the run is measured (a machine, a city), kept with
                         the run and shown by history, so runs of several machines
                         compare side by side

Repeat (measurements over hours or days, one series):
  --repeat N             N runs of this configuration, all tagged with one series
                         id; each is saved and reported as soon as it ends
  --every DURATION       from one run's start to the next's: 30m, 1h30m, 90s, 500ms
                         (default: each right after the previous). A run that takes
                         longer is followed at once, and the progress says so.
                         A failed run does not end the series; Ctrl-C ends it,
                         keeping every run that finished (the one cut short is kept
                         as cancelled). For weeks, prefer cron or a systemd timer
                         running one run each time with the same --label
                         (docs/run-files-and-series.md).

Free tiers (a paced profile, --max-rpm on profile add/edit, spaces its own calls;
the others do not wait for it):
  --max-retry-wait D     a 429 or 503 with Retry-After is saved as a failed trial and
                         holds that profile's next call back as asked, at most D
                         (90s, 2m; a bare number is seconds; default ${formatDuration(DEFAULT_MAX_RETRY_WAIT_MS)};
                         0: never wait); the progress says "rate limited: waiting 20 s"
  --give-up-after K      a profile that fails K trials in a row stops and says why;
                         the others go on (default ${DEFAULT_GIVE_UP_AFTER}; 0: never give up)

Limits, in seconds (default: the most lenient of the profiles' own, else the
probe's), and sizes (default the probe's); see lasttoken probe --help:
  --connect-timeout S  --idle-timeout S  --stall S  --deadline S
  --max-event-bytes N  --max-response-bytes N  --max-text-chars N

  --reader-pace N        the reader figures' pace, tokens/s (default: the app's
                         setting, ${DEFAULT_READER_PACE_TPS} unless changed there)

Output:
  --json                 one JSON document on stdout: {run_id, status, summary,
                         failures, errors}, with a summary per profile and mode
                         (progress still goes to stderr); with --repeat, one
                         such line per run as it ends
  --db PATH              the history database (default: LASTTOKEN_DB, else the
                         desktop app's file)

Exit codes: 0 the run completed (some trials may have failed), 1 every trial
failed, a profile could not be measured or gave up, 2 bad arguments, 130 interrupted by
Ctrl-C: the run is kept as cancelled with the trials that finished.
With --repeat: 0 every run completed so, 1 at least one of them failed as above
(the others still ran and are saved), 130 Ctrl-C ended the series.
`;

export const HISTORY_HELP = `Usage: lasttoken history [options]

Lists past runs, newest first: id, start (local time), status, series (the
start of its id), label (where it was measured), profiles, and the counted
trials that succeeded and failed.

  --profile ID           runs that measured this profile (id or name)
  --model M              runs that measured this model
  --since DATE           runs started on or after DATE
  --until DATE           runs started on or before DATE
                         DATE: 2025-01-31 (a local day) or 2025-01-31T14:30
                         (local time; add Z or +01:00 for another zone)
  --series ID            the runs of one series (run --repeat): its id, or the
                         start of it that history shows
  --limit N              at most N runs (default ${HISTORY_DEFAULT_LIMIT})
${STORE_OPTIONS}
`;

export const SHOW_HELP = `Usage: lasttoken show RUN_ID [--reader-pace N] [--db PATH] [--json]

One run: its configuration and status, what measured it (the LastToken
version, OS, CPUs and runtime; never a host or user name), the summary per
profile and mode, the A-vs-B verdicts and the failed trials. RUN_ID may be the start of an id, if
only one run matches. --json prints {run, summary, trials, comparisons}: the
run as it was measured, the same in every history it is imported into (when it
was imported is in history --json); comparisons are B − A per pair of profiles
and mode, and stream against plain, with a bootstrap 95% interval and a verdict.

  --reader-pace N        the reader figures (reader_done_ms, reader_wait_ms,
                         reader_stall_ms, and the comparisons of reader_done_ms)
                         recomputed from the timelines for a reader of N
                         tokens/s, without a new run (default: the run's own)
`;

export const EXPORT_HELP = `Usage: lasttoken export RUN_ID --kind summary|trials|chunks|comparisons|json --out FILE|- [--bom] [--reader-pace N]

Writes one run as CSV (RFC 4180, columns named as in DESIGN.md):
  summary   one row per profile and mode: n, median, p95, min, max, mean, sd
            and the median's 95% interval of every metric; for a sweep of
            input lengths also prefill_ms_per_ktok (its 95% interval) and
            ttft_fixed_ms
  trials    one row per trial, every measured figure
  chunks    one row per chunk of every trial: arrival, gap, chars, tokens
  comparisons  one row per pair of profiles (or stream against plain), mode
            and metric: B − A, its 95% interval, n and the verdict
or as a run file, for another machine's history (lasttoken import reads it):
  json      one JSON file, versioned ({"format": "lasttoken-run", "version": 4,
            run, profiles, trials}): the run (with why profiles stopped early
            and what measured it), its profiles as they were (never a key or
            proxy credentials) and every trial with its timeline; files of
            versions 1 to 3 still import

  --kind K               summary, trials, chunks, comparisons or json
  --out FILE             where to write it: a regular file, written whole or not at
                         all (an existing one is replaced atomically and keeps its
                         permissions); a symbolic link is written through to its
                         file and stays a link. A folder, a device, a named pipe
                         or a socket is refused.
  --out -                to standard output, streamed as it is made; nothing else
                         goes there, so --json is refused with it
  --bom                  start with a UTF-8 byte order mark, so Excel reads
                         non-ASCII text (Chinese...) correctly (CSV only)
  --reader-pace N        the reader figures at N tokens/s, as show --reader-pace
                         (CSV only: a run file keeps what was measured)
${STORE_OPTIONS}

Text cells that a spreadsheet would run as a formula are neutralised. With a
FILE, prints its path and size (--json: {run_id, kind, path, bytes}).
`;

export const REPORT_HELP = `Usage: lasttoken report RUN_ID... [--series ID] [--out FILE|-] [--format html|md] [--lang en|zh-CN] [--theme light|dark] [--reader-pace N]

A report to share, as one file that opens anywhere offline: the run (when,
where, what measured it, the profiles and their requests, the prompt and the
limits), who was faster per mode, the summary with n and 95% intervals, what
the data shows, the A-vs-B differences, the failures with their messages, and
every chart of the app's results page, drawn by the same code as SVG. No
script and nothing fetched: it prints on A4 or Letter, a section a page. Keys
and proxy credentials never appear in it.

  RUN_ID...              one run, or several: each is shown whole, then how
                         they moved from run to run (median and p95 per run
                         with n); two runs also get B − A of the second against
                         the first. An id's start is enough if one run matches.
  --series ID            the runs of a repeated series (run --repeat): the trend
                         over all of them, then the newest run whole
  --out FILE             where to write it (default: a file in this folder named
                         after the run and its date, as lasttoken-2026-12-01-1530-
                         ab12cd34-report.html); written whole or not at all
  --out -                to standard output; nothing else goes there
  --format html|md       html (default), or GitHub Markdown: the verdicts,
                         findings and tables without charts, for an issue or a
                         chat (the app's "Copy as Markdown" writes the same)
  --lang en|zh-CN        the report's language (default en)
  --theme light|dark     its colours (default light)
  --reader-pace N        the reader figures at N tokens/s, as show --reader-pace
                         (default: each run's own)
${STORE_OPTIONS}

Prints the file's path and size (--json: {path, bytes, format, run_ids}).
`;

export const IMPORT_HELP = `Usage: lasttoken import FILE... [--label TEXT] [--db PATH] [--json]

Adds the runs of run files (lasttoken export RUN --kind json) to this history,
unchanged: lasttoken show --json of an imported run prints what it printed
where the run was measured. Every file is read and checked first; a file that
is truncated, not a run file, or made by a newer LastToken is refused with its
reason and nothing at all is imported, as is one that contradicts itself (a
trial of a profile the run does not have, a time that is negative, beyond a
day or out of order). A run this history already has (the same file imported
twice) is skipped and said so.

  --label TEXT           where the runs were measured (a machine, a city), for
                         the runs that have none: a run measured with
                         run --label keeps its own
${STORE_OPTIONS} ({added, skipped}, each with path and run_id)

Exit codes: 0 imported (or every run was already here), 1 a file was refused
(nothing imported) or the history cannot be written, 2 bad arguments.
`;

export const PRESETS_HELP = `Usage: lasttoken presets [--json]

Lists the built-in provider presets: base URL, dialect, the header the key
travels in, and a note. lasttoken profile add --preset NAME --model M saves a
profile from one; its other options override what the preset fills in.
`;
