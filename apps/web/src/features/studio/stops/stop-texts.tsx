import * as Tabs from '@radix-ui/react-tabs';
import {
  draftLanguages,
  pathTarget,
  type DraftProblem,
  type DraftStop,
  type GuideBundleInput,
} from '@earshot/core';
import { TextField } from '../../../shared/ui/text-field';
import { MediaField } from '../media/media-field';
import { messageAt, TextAreaField } from '../ui/fields';
import styles from './stop-form.module.css';

type Text = DraftStop['content'][string];

/**
 * A stop's words and sound per language of the guide: title, subtitle, description, audio
 * and the audio's transcript. Several languages are tabs; a language the stop still lacks
 * gets its fields all the same (typing fills it in).
 */
export function StopTexts({
  draft,
  stop,
  at,
  problems,
  guideToken,
  target,
  onChange,
}: {
  draft: GuideBundleInput;
  stop: DraftStop;
  at: string;
  problems: readonly DraftProblem[];
  guideToken: string;
  /** The field a link asked for: its language's tab opens first. */
  target?: string | null;
  onChange: (stop: DraftStop) => void;
}) {
  const codes = [...new Set([...draftLanguages(draft.guide), ...Object.keys(stop.content)])];
  const label = (code: string) =>
    draft.guide.languages?.find((l) => l.code === code)?.label ?? code;
  const setText = (code: string, patch: Partial<Text>) => {
    const text: Text = { title: '', ...stop.content[code], ...patch };
    for (const k of ['audio', 'transcript', 'subtitle', 'description'] as const)
      if (text[k] === undefined || text[k] === '') delete text[k];
    onChange({ ...stop, content: { ...stop.content, [code]: text } });
  };
  const missing = messageAt(problems, `${at}.content`);
  const asked = target?.startsWith(`${at}.`) ? pathTarget(target).language : null;

  const fields = (code: string) => {
    const text = stop.content[code];
    const path = `${at}.content.${code}`;
    const err = (k: string) => messageAt(problems, `${path}${k}`);
    return (
      <div className={styles.stack}>
        {err('') ? <p className={styles.problem}>{err('')}</p> : null}
        <TextField
          label="Title"
          value={text?.title ?? ''}
          error={err('.title')}
          data-path={`${path}.title`}
          onChange={(e) => setText(code, { title: e.currentTarget.value })}
        />
        <TextField
          label="Subtitle"
          value={text?.subtitle ?? ''}
          error={err('.subtitle')}
          data-path={`${path}.subtitle`}
          onChange={(e) => setText(code, { subtitle: e.currentTarget.value })}
        />
        <TextAreaField
          label="Description"
          value={text?.description ?? ''}
          error={err('.description')}
          data-path={`${path}.description`}
          hint="HTML: paragraphs, links, bold and italic are kept; anything else is removed."
          onChange={(e) => setText(code, { description: e.currentTarget.value })}
        />
        <MediaField
          kind="audio"
          label={codes.length > 1 ? `Audio (${label(code)})` : 'Audio'}
          value={text?.audio}
          guideToken={guideToken}
          error={err('.audio')}
          path={`${path}.audio`}
          onChange={(audio) => setText(code, { audio })}
        />
        <TextAreaField
          label="Transcript"
          value={text?.transcript ?? ''}
          error={err('.transcript')}
          data-path={`${path}.transcript`}
          hint="What the audio says, for visitors who cannot hear it."
          onChange={(e) => setText(code, { transcript: e.currentTarget.value })}
        />
      </div>
    );
  };

  return (
    <fieldset className={styles.group} data-path={`${at}.content`}>
      <legend>Text and audio</legend>
      {missing ? (
        <p className={styles.problem} role="alert">
          {missing}
        </p>
      ) : null}
      {codes.length === 1 ? (
        fields(codes[0]!)
      ) : (
        <Tabs.Root defaultValue={asked && codes.includes(asked) ? asked : codes[0]}>
          <Tabs.List className={styles.tabs} aria-label="Language">
            {codes.map((code) => (
              <Tabs.Trigger
                key={code}
                value={code}
                className={styles.tab}
                data-invalid={
                  problems.some((p) => p.path.startsWith(`${at}.content.${code}`)) || undefined
                }
              >
                {label(code)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {codes.map((code) => (
            <Tabs.Content key={code} value={code} className={styles.panel}>
              {fields(code)}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      )}
    </fieldset>
  );
}
