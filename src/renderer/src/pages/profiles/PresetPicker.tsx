// A new profile can start from a provider preset (the same list as
// `lasttoken presets`): choosing one fills in the endpoint and its key
// header, and says the provider's one-line note.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderPreset } from '../../../../shared/presets';
import { lasttoken } from '../../api/client';
import { useApiValue } from '../../api/use-api';
import { Field } from '../../components/Field';

export function PresetPicker(props: { onPick: (preset: ProviderPreset) => void }) {
  const { t } = useTranslation();
  const { loaded } = useApiValue(() => lasttoken().presetsList(), []);
  const [picked, setPicked] = useState<ProviderPreset | null>(null);
  // Without the list the form still works: every field can be typed.
  const list = loaded.state === 'ready' ? loaded.value : [];
  return (
    <Field label={t('profiles.preset.label')} hint={picked?.note ?? t('profiles.preset.hint')}>
      {({ id, describedBy }) => (
        <select
          id={id}
          value={picked?.id ?? ''}
          aria-describedby={describedBy}
          onChange={(e) => {
            const preset = list.find((p) => p.id === e.target.value) ?? null;
            setPicked(preset);
            if (preset) props.onPick(preset);
          }}
        >
          <option value="">{t('profiles.preset.none')}</option>
          {list.map((preset) => (
            <option key={preset.id} value={preset.id}>
              {preset.local ? t('profiles.preset.local', { name: preset.name }) : preset.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
