import { useEffect, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import {
  type ExperimentStanding,
  experimentsAnswerSchema,
  funnelApi,
} from '../../contracts/owner-funnel';
import { getJson } from '../lib/api-client';
import { HeadRow, numberClass, Problem, problemOf, RoomTable, Section } from './room-ui';
import { words } from './words';

const percent = (value: number, digits = 1) =>
  `${(value * 100).toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
const points = (value: number) =>
  `${(value * 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} pts`;

/** Each experiment of the published content with its standing (docs/decisions/027-experiments.md). */
export function ExperimentsView({ version }: { version: number }) {
  const [experiments, setExperiments] = useState<ExperimentStanding[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the standing again.
  useEffect(() => {
    void (async () => {
      const answer = await getJson(
        `${ownerPaths.api}${funnelApi.experiments}`,
        experimentsAnswerSchema,
      );
      if (answer.ok) setExperiments(answer.data);
      else setProblem(problemOf(answer));
    })();
  }, [version]);

  const text = words.experiments;
  return (
    <Section id="experiments" heading={text.heading}>
      <p className="max-w-prose">{text.lead}</p>
      {problem && <Problem message={problem} />}
      {experiments?.length === 0 && <p className="text-muted">{text.empty}</p>}
      {experiments?.map((experiment) => (
        <article
          key={experiment.name}
          aria-labelledby={`experiment-${experiment.name}`}
          className="flex flex-col gap-3"
        >
          <h3 id={`experiment-${experiment.name}`} className="text-step-1 font-semibold">
            {experiment.name}{' '}
            <span className="text-step--1 font-normal text-muted">
              · {experiment.live ? text.running : text.notRunning}
            </span>
          </h3>
          {experiment.note && <p className="max-w-prose">{experiment.note}</p>}
          <p className="text-muted">
            {text.on(experiment.page, text.goals[experiment.goal] ?? experiment.goal)}{' '}
            {text.sample(experiment.sampleSize)}
          </p>
          {experiment.sampleRatioMismatch && (
            <Problem message={text.mismatch(experiment.sampleRatioP.toExponential(1))} />
          )}
          <RoomTable label={`${text.heading}: ${experiment.name}`}>
            <HeadRow
              columns={[
                text.variant,
                { label: text.share, className: 'text-right' },
                { label: text.visitors, className: 'text-right' },
                { label: text.conversions, className: 'text-right' },
                { label: text.rate, className: 'text-right' },
                { label: text.beats, className: 'text-right' },
                { label: text.loss, className: 'text-right' },
                text.standing,
              ]}
            />
            <tbody>
              {experiment.variants.map((variant) => (
                <tr key={variant.name} className="border-b border-line last:border-0">
                  <th scope="row" className="py-2 pr-3 pl-4 text-left font-semibold">
                    {variant.probabilityToBeat === null ? text.control : variant.name}
                  </th>
                  <td className={numberClass}>{variant.share}%</td>
                  <td className={numberClass}>{variant.visitors.toLocaleString('en-GB')}</td>
                  <td className={numberClass}>{variant.conversions.toLocaleString('en-GB')}</td>
                  <td className={numberClass}>
                    {percent(variant.rate)} ({percent(variant.low)}–{percent(variant.high)})
                  </td>
                  <td className={numberClass}>
                    {variant.probabilityToBeat === null
                      ? '—'
                      : percent(variant.probabilityToBeat, 0)}
                  </td>
                  <td className={numberClass}>
                    {variant.expectedLoss === null ? '—' : points(variant.expectedLoss)}
                  </td>
                  <td className="py-2 pr-4">
                    {variant.verdict ? text.verdicts[variant.verdict] : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </RoomTable>
        </article>
      ))}
    </Section>
  );
}
