import type { EmbedSettings } from '@souq/shared/api/embeds';
import { EMBED_SIZE_PATTERN } from '@souq/shared/constants';
import { Field, Input } from '@/components/ui/Field';
import { Switch } from '@/components/ui/Switch';
import { cx } from '@/components/ui/cx';
import { msg, t as tGlobal } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

const THEMES = [
  { value: 'light', label: msg`Light` },
  { value: 'dark', label: msg`Dark` },
  { value: 'auto', label: msg`Auto`, hint: msg`follows the visitor's system` },
] as const;

const SHOW = [
  ['showPrice', msg`Show price`],
  ['showImage', msg`Show image`],
  ['showDescription', msg`Show description`],
  ['showTags', msg`Show tags`],
  ['showKeywords', msg`Show keywords`],
] as const;

export const embedSizeError = (value: string) => (EMBED_SIZE_PATTERN.test(value.trim().toLowerCase()) ? null : tGlobal`Use a size such as 100%, 400px or auto`);

/** The embed settings of vendor §2 / admin §3: theme, width, height and what the card shows. */
export function EmbedSettingsFields({ value, onChange, className }: { value: EmbedSettings; onChange: (next: EmbedSettings) => void; className?: string }) {
  const { t, i18n } = useLingui();
  const set = <K extends keyof EmbedSettings>(key: K, v: EmbedSettings[K]) => onChange({ ...value, [key]: v });
  return (
    <div className={cx('grid gap-5 sm:grid-cols-2', className)}>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700"><Trans>Theme</Trans></legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {THEMES.map((theme) => (
            <label
              key={theme.value}
              className={cx(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                value.theme === theme.value ? 'border-brand-600 bg-brand-50 text-brand-900' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <input type="radio" name="embed-theme" value={theme.value} checked={value.theme === theme.value} onChange={() => set('theme', theme.value)} className="accent-brand-600" />
              {i18n._(theme.label)}
              {'hint' in theme && <span className="text-xs text-slate-500">({i18n._(theme.hint)})</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label={t`Width`} error={embedSizeError(value.width)} hint={t`e.g. 100%, 360px`}>
        <Input value={value.width} onChange={(e) => set('width', e.target.value)} />
      </Field>
      <Field label={t`Height`} error={embedSizeError(value.height)} hint={t`auto fits the card`}>
        <Input value={value.height} onChange={(e) => set('height', e.target.value)} />
      </Field>
      <div className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4 sm:col-span-2">
        {SHOW.map(([key, label]) => (
          <Switch key={key} label={i18n._(label)} checked={value[key]} onChange={(v) => set(key, v)} />
        ))}
      </div>
    </div>
  );
}
