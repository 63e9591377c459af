import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  studioDraftSchema,
  INSIGHT_OTHER_LANGUAGE,
  insightsFigures,
  isEmptyPeriod,
  presetRange,
  refusedSummary,
} from '@earshot/core';
import { ApiError, apiGet } from '../../../shared/api/client';
import { usePageTitle } from '../../../shared/lib/page-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Spinner } from '../../../shared/ui/spinner';
import { insightsQueryOptions } from './insights-api';
import { Figures } from './figures';
import { InsightsCharts } from './insights-charts';
import { languageName } from './language-name';
import { RangeControls } from './range-controls';
import { useInsightsParams } from './use-insights-params';
import styles from './insights.module.css';

const dayFormat = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const localDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
const period = ({ from, to }: { from: string; to: string }) =>
  dayFormat.formatRange(localDate(from), localDate(to));

/**
 * /studio/guides/:token/insights (docs/insights.md): what visitors did with the guide in a period
 * and language, beside the period before, as figures, charts, tables and CSV.
 */
export function InsightsScreen({ token }: { token: string }) {
  const { today, range, language, setRange, setLanguage } = useInsightsParams();
  // The guide's status and map: asked afresh (the editor's cached draft may predate a publish).
  const guide = useQuery({
    queryKey: ['studio', 'insights-guide', token],
    queryFn: ({ signal }) =>
      apiGet(
        `studio/guides/${encodeURIComponent(token)}/draft`,
        (d) => studioDraftSchema.parse(d),
        signal,
        { personal: true },
      ),
  });
  const report = useQuery(
    insightsQueryOptions({ token, from: range.from, to: range.to, language }),
  );
  const doc = guide.data?.document as { guide?: { title?: string; map_type?: string } } | undefined;
  const title = report.data?.guide.title ?? doc?.guide?.title ?? '';
  usePageTitle(title ? `Insights: ${title}` : 'Insights');

  const failed = guide.error ?? report.error;
  const missing = failed instanceof ApiError && failed.status === 404;
  // A draft never published has no visitors (and the server keeps no event of it).
  const neverPublished = guide.data?.status === 'draft';
  const editor = `/studio/guides/${encodeURIComponent(token)}`;
  // Events refused in the period (docs/insights.md "Visit tokens"): said plainly, once, under the
  // period.
  const refused =
    report.data && !report.isPlaceholderData ? refusedSummary(report.data.refused) : null;

  let body;
  if (neverPublished)
    body = (
      <EmptyState
        title="This guide is not published yet"
        action={
          <Link className={styles.primary} to={editor}>
            Open the editor
          </Link>
        }
      >
        Visits are counted once visitors can open the guide: publish it from the editor&apos;s
        Publish section. Previews are not counted.
      </EmptyState>
    );
  else if (missing)
    body = (
      <EmptyState
        title="No such guide in your organisations"
        action={
          <Link className={styles.secondary} to="/studio">
            Back to the guides
          </Link>
        }
      >
        It may have been removed, or it belongs to an organisation you are not in.
      </EmptyState>
    );
  else if (failed && !report.data)
    body = (
      <EmptyState
        title="The insights did not load"
        action={
          <button
            type="button"
            className={styles.secondary}
            onClick={() => {
              void guide.refetch();
              void report.refetch();
            }}
          >
            Try again
          </button>
        }
      >
        {failed.message}
      </EmptyState>
    );
  else if (!report.data || guide.isPending) body = <Spinner label="Loading the insights" />;
  else if (isEmptyPeriod(report.data.current))
    body = (
      <EmptyState
        title="No visits in this period"
        action={
          <div className={styles.emptyActions}>
            {range.preset !== 90 && (
              <button
                type="button"
                className={styles.secondary}
                onClick={() => setRange(presetRange(90, today))}
              >
                Show the last 90 days
              </button>
            )}
            {language && (
              <button type="button" className={styles.secondary} onClick={() => setLanguage(null)}>
                Show all languages
              </button>
            )}
          </div>
        }
      >
        Nobody opened this guide
        {language
          ? ` in ${language === INSIGHT_OTHER_LANGUAGE ? 'other languages' : languageName(language)}`
          : ''}{' '}
        between {period(report.data.range)}. Try a longer period
        {language ? ' or all languages' : ''}. Visits show here a few seconds after they happen,
        once the visitor&apos;s device is online.
      </EmptyState>
    );
  else
    body = (
      <>
        <Figures figures={insightsFigures(report.data.current, report.data.previous)} />
        <InsightsCharts report={report.data} mapType={doc?.guide?.map_type} />
      </>
    );

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <Link className={styles.back} to={editor}>
          <span aria-hidden="true">←</span> Editor
        </Link>
        <h1 className={styles.heading}>
          <span className={styles.eyebrow}>Insights</span> {title}
        </h1>
      </div>
      {missing || neverPublished ? null : (
        <>
          <RangeControls
            today={today}
            range={range}
            language={language}
            languages={report.data?.languages ?? []}
            onRange={setRange}
            onLanguage={setLanguage}
          />
          <p className={styles.period} aria-live="polite">
            {period(range)}
            {report.data && !report.isPlaceholderData
              ? `, compared with ${period(report.data.previous_range)}`
              : ''}
            {report.isFetching && report.data ? ' · Updating…' : ''}
          </p>
          {refused && <p className={styles.refused}>{refused}</p>}
        </>
      )}
      {body}
    </div>
  );
}
