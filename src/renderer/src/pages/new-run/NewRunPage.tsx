// New run, the app's home: choose profiles, a prompt and how to measure; see
// how many API calls that makes (and why it cannot start yet) before
// anything is sent; Start opens the run's live view. Opened from an earlier
// run ("Run again", `#/runs/new?from=<run id>`), it starts from that run's
// settings instead, once: a reload or Back keeps what the user changed since.

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '../../../../shared/run';
import { lasttoken } from '../../api/client';
import { useApiValue } from '../../api/use-api';
import { useApp } from '../../app/app-context';
import { Loaded } from '../../components/Loaded';
import { hrefOf, navigate, useRoute } from '../../router';
import { useRunTime } from '../history/use-run-time';
import {
  rememberDraft,
  rememberedDraft,
  rememberedOrigin,
  rememberedRepeat,
  rememberOrigin,
  rememberRepeat,
  withKept,
  type DraftOrigin,
} from './draft-memory';
import { PlanPanel } from './PlanPanel';
import { ProfilePicker } from './ProfilePicker';
import { PromptPicker } from './PromptPicker';
import { draftForProfiles, draftFromDefaults, parseDraft, type RunDraft } from './run-draft';
import { RunOptions } from './RunOptions';
import { NO_REPEAT, parseRepeat, repeatRequest, type RepeatDraft } from './repeat-draft';
import { RepeatOptions } from './RepeatOptions';
import { runAgainDraft, type RunAgainDraft } from './run-again';
import { useRunPlan } from './use-run-plan';
import { useFieldErrorText } from './use-field-error-text';
import { ParamsFields, type ParamsText } from '../profiles/ParamsFields';
import { SHARED_PARAM_FIELDS } from '../profiles/profile-draft';
import './new-run.css';

const RUN_PARAMS_TEXT: ParamsText = {
  title: 'runs.new.params.title',
  summaryNone: 'runs.new.params.summaryNone',
  hint: 'runs.new.params.hint',
};

export function NewRunPage() {
  const { t } = useTranslation();
  const route = useRoute();
  const from = route?.page === 'new-run' ? route.from : undefined;
  const profiles = useApiValue(() => lasttoken().profilesList(), []);
  return (
    <div className="stack">
      <header className="page-header">
        <div>
          <h1>{t('runs.new.title')}</h1>
          <p>{t('runs.new.intro')}</p>
        </div>
      </header>
      <Loaded value={profiles}>
        {(list) =>
          from === undefined ? (
            <NewRunForm profiles={list} />
          ) : (
            <FromRun key={from} runId={from} profiles={list} />
          )
        }
      </Loaded>
    </div>
  );
}

/** The form filled in from an earlier run: read once, then kept as any draft is. */
function FromRun({ runId, profiles }: { runId: string; profiles: Profile[] }) {
  const [origin] = useState(() => rememberedOrigin(runId));
  const again = useApiValue(async (): Promise<RunAgainDraft | null> => {
    if (origin) return null;
    const [view, series] = await Promise.all([
      lasttoken().historyRun({ run_id: runId }),
      lasttoken().runsSeries(),
    ]);
    return runAgainDraft(view.run, profiles, series);
  }, [runId]);
  return (
    <Loaded value={again}>
      {(filled) =>
        filled ? (
          <NewRunForm profiles={profiles} again={filled} origin={filled.origin} />
        ) : (
          <NewRunForm profiles={profiles} origin={origin} />
        )
      }
    </Loaded>
  );
}

/** "Filled in from the run of …", and the profiles of it that are gone, by name. */
function OriginNote({ origin }: { origin: DraftOrigin }) {
  const { t } = useTranslation();
  const runTime = useRunTime();
  return (
    <div className="message message-info new-run-origin" role="status">
      <p>
        {t('runs.again.filledFrom', { time: runTime(origin.started_at) })}{' '}
        <a href={hrefOf({ page: 'run', runId: origin.run_id })}>{t('runs.again.openRun')}</a>
      </p>
      {origin.missing.length > 0 && (
        <p>
          {t('runs.again.missing', {
            count: origin.missing.length,
            names: origin.missing.join(t('runs.again.listSeparator')),
          })}
        </p>
      )}
    </div>
  );
}

function NewRunForm({
  profiles,
  again,
  origin = null,
}: {
  profiles: Profile[];
  /** An earlier run's settings to start from, instead of the kept draft. */
  again?: RunAgainDraft;
  origin?: DraftOrigin | null;
}) {
  const { t } = useTranslation();
  const { settings } = useApp();
  const [draft, setDraft] = useState<RunDraft>(() => {
    if (again) return again.draft;
    const defaults = draftFromDefaults(settings.run_defaults, profiles);
    const kept = rememberedDraft();
    return kept ? draftForProfiles(withKept(defaults, kept), profiles) : defaults;
  });
  useEffect(() => rememberDraft(draft), [draft]);
  useEffect(() => {
    if (origin) rememberOrigin(origin);
  }, [origin]);
  const change = (patch: Partial<RunDraft>): void => setDraft((d) => ({ ...d, ...patch }));

  const keys = useApiValue(
    () => lasttoken().keysStatus({ profile_ids: profiles.map((p) => p.id) }),
    [profiles],
  );
  const checks = useApiValue(() => lasttoken().profilesChecks(), [profiles]);
  const checksById = useMemo(
    () =>
      checks.loaded.state === 'ready'
        ? Object.fromEntries(checks.loaded.value.map((c) => [c.profile_id, c]))
        : undefined,
    [checks.loaded],
  );
  const parsed = useMemo(() => parseDraft(draft), [draft]);
  const fieldErrorText = useFieldErrorText();
  const paramErrors = useMemo(
    () => Object.fromEntries(parsed.paramProblems.map((p) => [p.field, t(p.key, p.values)])),
    [parsed.paramProblems, t],
  );
  const plan = useRunPlan(parsed.config);
  const [repeatDraft, setRepeatDraft] = useState<RepeatDraft>(
    () => again?.repeat ?? withKept(NO_REPEAT, rememberedRepeat()),
  );
  useEffect(() => rememberRepeat(repeatDraft), [repeatDraft]);
  const repeat = useMemo(() => parseRepeat(repeatDraft), [repeatDraft]);
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<unknown>(null);

  const start = (event: FormEvent): void => {
    event.preventDefault();
    const config = parsed.config;
    if (!config || starting || plan.state !== 'ready' || plan.view.plan === null) return;
    if (repeat.errors.length > 0) return;
    setStarting(true);
    setStartError(null);
    const repeated = repeatRequest(config, repeat);
    (repeated ? lasttoken().runsRepeat(repeated) : lasttoken().runsStart(config)).then(
      ({ run_id }) => navigate({ page: 'run', runId: run_id }),
      (error: unknown) => {
        setStartError(error);
        setStarting(false);
      },
    );
  };

  return (
    <>
      {origin && <OriginNote origin={origin} />}
      <form
        className="new-run"
        onSubmit={start}
        // Ctrl+Enter (⌘+Enter on a Mac) starts the run from any field, as Start does.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            event.currentTarget.requestSubmit();
          }
        }}
        noValidate
      >
        <div className="stack new-run-options">
          <ProfilePicker
            profiles={profiles}
            keys={keys.loaded.state === 'ready' ? keys.loaded.value : undefined}
            checks={checksById}
            selected={draft.profileIds}
            onChange={(profileIds) => change({ profileIds })}
          />
          <PromptPicker
            prompt={draft.prompt}
            inputTokens={draft.inputTokens}
            inputTokensError={fieldErrorText(parsed.errors.input_tokens)}
            onPrompt={(prompt) => change({ prompt })}
            onInputTokens={(inputTokens) => change({ inputTokens })}
            onPreset={(preset) =>
              change({
                prompt: preset.prompt,
                maxTokens: String(preset.maxTokens),
                inputTokens: preset.inputTokens ?? '',
              })
            }
          />
          <RunOptions
            draft={draft}
            errors={parsed.errors}
            sweep={parsed.inputLengths.length > 1}
            onChange={change}
          />
          <ParamsFields
            fields={SHARED_PARAM_FIELDS}
            text={RUN_PARAMS_TEXT}
            draft={draft.params}
            onChange={(patch) => setDraft((d) => ({ ...d, params: { ...d.params, ...patch } }))}
            errors={paramErrors}
          />
          <RepeatOptions
            draft={repeatDraft}
            parsed={repeat}
            calls={plan.state === 'ready' ? (plan.view.plan?.calls ?? null) : null}
            onChange={(patch) => setRepeatDraft((d) => ({ ...d, ...patch }))}
          />
        </div>
        <PlanPanel
          plan={plan}
          profiles={profiles}
          selected={draft.profileIds}
          keys={keys.loaded.state === 'ready' ? keys.loaded.value : undefined}
          checks={checksById}
          starting={starting}
          startError={startError}
          inputLengths={parsed.inputLengths}
        />
      </form>
    </>
  );
}
