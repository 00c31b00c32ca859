import { useEffect, useId, useRef, useState } from 'react';
import { ownerPaths } from '../../contracts/owner';
import { publishedSchema } from '../../contracts/owner-publish';
import { roomApi } from '../../contracts/room/api';
import {
  defaultLiftPercent,
  type ExperimentStanding,
  experimentsAnswerSchema,
  type Plan,
  planAnswerSchema,
  variantPreviewPath,
} from '../../contracts/room/experiments';
import { getJson, postJson } from '../lib/api-client';
import {
  ConfirmStep,
  FieldWithButton,
  fieldClass,
  Heading,
  HeadRow,
  numberClass,
  Problem,
  problemOf,
  quietButtonClass,
  RoomTable,
  Section,
  subheadingClass,
} from './room-ui';
import { words } from './words';

const percent = (value: number, digits = 1) =>
  `${(value * 100).toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
const points = (value: number) =>
  `${(value * 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} pts`;

/**
 * Each experiment of the published content with its standing (docs/decisions/027-experiments.md),
 * a look at each variant as its visitors see it, and "Make this the page", which ends the
 * experiment with the chosen variant and publishes (`onPublished` then refreshes the room).
 */
export function ExperimentsView({
  version,
  onPublished,
}: {
  version: number;
  onPublished: () => void;
}) {
  const [experiments, setExperiments] = useState<ExperimentStanding[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Said here, not beside the experiment: an ended experiment leaves the list.
  const [made, setMade] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the standing again.
  useEffect(() => {
    void (async () => {
      const answer = await getJson(
        `${ownerPaths.api}${roomApi.experiments}`,
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
      <p role="status" className="font-semibold empty:hidden">
        {made}
      </p>
      {experiments?.length === 0 && <p className="text-muted">{text.empty}</p>}
      {experiments?.map((experiment) => (
        <article
          key={experiment.name}
          aria-labelledby={`experiment-${experiment.name}`}
          className="mt-4 flex flex-col gap-3 border-t border-line pt-6"
        >
          <Heading id={`experiment-${experiment.name}`} className={subheadingClass}>
            {experiment.name}{' '}
            <span className="text-step--1 font-normal text-muted">
              · {experiment.live ? text.running : text.notRunning}
            </span>
          </Heading>
          {experiment.note && <p className="max-w-prose">{experiment.note}</p>}
          <p className="text-muted">
            {text.on(experiment.page, text.goals[experiment.goal] ?? experiment.goal)}{' '}
            {text.sample(experiment.sampleSize)}
          </p>
          {experiment.sampleRatioMismatch && (
            <Problem message={text.mismatch(experiment.sampleRatioP.toExponential(1))} />
          )}
          <StandingTable experiment={experiment} />
          <MakeThePage
            experiment={experiment}
            onMade={(message) => {
              setMade(message);
              onPublished();
            }}
          />
        </article>
      ))}
      <NextPlan version={version} />
    </Section>
  );
}

/**
 * An experiment's variants against its control: the numbers the verdict is made from and, for
 * sign-ups, those Kit has confirmed beside them (docs/decisions/027-experiments.md).
 */
function StandingTable({ experiment }: { experiment: ExperimentStanding }) {
  const text = words.experiments;
  const confirms = experiment.variants.some((variant) => variant.confirmed !== null);
  return (
    <RoomTable label={`${text.heading}: ${experiment.name}`}>
      <HeadRow
        columns={[
          text.variant,
          { label: text.share, className: 'text-right' },
          { label: text.visitors, className: 'text-right' },
          { label: text.conversions, className: 'text-right' },
          ...(confirms ? [{ label: text.confirmed, className: 'text-right' }] : []),
          { label: text.rate, className: 'text-right' },
          { label: text.beats, className: 'text-right' },
          { label: text.loss, className: 'text-right' },
          text.standing,
        ]}
      />
      <tbody>
        {experiment.variants.map((variant) => (
          <tr key={variant.name} className="border-b border-line last:border-0">
            <th scope="row" className="min-w-44 py-2 pr-3 pl-4 text-left font-semibold">
              {variant.probabilityToBeat === null ? text.control : variant.name}{' '}
              {experiment.live && (
                <a
                  className="font-normal underline"
                  href={variantPreviewPath(experiment.name, variant.name)}
                  target="_blank"
                  rel="noopener"
                  aria-label={text.lookLabel(variant.name)}
                >
                  {text.look}
                </a>
              )}
            </th>
            <td className={numberClass}>{variant.share}%</td>
            <td className={numberClass}>{variant.visitors.toLocaleString('en-GB')}</td>
            <td className={numberClass}>{variant.conversions.toLocaleString('en-GB')}</td>
            {confirms && (
              <td className={numberClass}>{variant.confirmed?.toLocaleString('en-GB') ?? '—'}</td>
            )}
            <td className={numberClass}>
              {percent(variant.rate)} ({percent(variant.low)}–{percent(variant.high)})
            </td>
            <td className={numberClass}>
              {variant.probabilityToBeat === null ? '—' : percent(variant.probabilityToBeat, 0)}
            </td>
            <td className={numberClass}>
              {variant.expectedLoss === null ? '—' : points(variant.expectedLoss)}
            </td>
            <td className="py-2 pr-4">{variant.verdict ? text.verdicts[variant.verdict] : '—'}</td>
          </tr>
        ))}
      </tbody>
    </RoomTable>
  );
}

/**
 * The sample a next experiment would need on each page, from its last four weeks and the
 * smallest lift the owner would care to detect (server/features/experiments/plan.ts).
 */
function NextPlan({ version }: { version: number }) {
  const text = words.experiments;
  const [lift, setLift] = useState(String(defaultLiftPercent));
  const [plan, setPlan] = useState<Plan | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const liftId = useId();

  async function load(percent: string) {
    const answer = await getJson(
      `${ownerPaths.api}${roomApi.experimentsPlan}?lift=${encodeURIComponent(percent)}`,
      planAnswerSchema,
    );
    setProblem(answer.ok ? null : problemOf(answer));
    if (answer.ok) setPlan(answer.data);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again; the lift is asked for by its form.
  useEffect(() => {
    void load(lift);
  }, [version]);

  return (
    <section
      aria-labelledby="experiment-plan"
      className="mt-8 flex flex-col gap-3 border-t border-line pt-8"
    >
      <Heading id="experiment-plan" className={subheadingClass}>
        {text.planHeading}
      </Heading>
      <p className="max-w-prose">{text.planLead}</p>
      <form
        className="flex max-w-md flex-col gap-1"
        onSubmit={(event) => {
          event.preventDefault();
          void load(lift);
        }}
      >
        <FieldWithButton
          id={liftId}
          label={text.lift}
          submit={text.propose}
          type="number"
          inputMode="numeric"
          min={1}
          max={300}
          required
          value={lift}
          onChange={(event) => setLift(event.target.value)}
        />
      </form>
      {problem && <Problem message={problem} />}
      {plan && (
        <RoomTable label={text.planHeading}>
          <HeadRow
            columns={[
              text.page,
              text.goal,
              { label: text.planVisitors, className: 'text-right' },
              { label: text.planRate, className: 'text-right' },
              { label: text.planSample, className: 'text-right' },
              { label: text.planDays, className: 'text-right' },
            ]}
          />
          <tbody>
            {plan.pages.map((row) => (
              <tr key={`${row.page}-${row.goal}`} className="border-b border-line last:border-0">
                <th scope="row" className="py-2 pr-3 pl-4 text-left font-semibold">
                  {row.page}
                </th>
                <td className="min-w-44 py-2 pr-3">{text.goals[row.goal] ?? row.goal}</td>
                <td className={numberClass}>{row.visitors.toLocaleString('en-GB')}</td>
                <td className={numberClass}>{row.rate === null ? '—' : percent(row.rate)}</td>
                <td className={numberClass}>
                  {row.sampleSize === null ? '—' : row.sampleSize.toLocaleString('en-GB')}
                </td>
                <td className={numberClass}>{row.days === null ? '—' : text.days(row.days)}</td>
              </tr>
            ))}
          </tbody>
        </RoomTable>
      )}
    </section>
  );
}

/**
 * "Make this the page": the owner picks the variant (the control too), then confirms in a second
 * step, since it publishes the working copy as it is, whatever else was saved in the editor.
 */
function MakeThePage({
  experiment,
  onMade,
}: {
  experiment: ExperimentStanding;
  /** Told what was published, once it was. */
  onMade: (message: string) => void;
}) {
  const text = words.experiments;
  const [variant, setVariant] = useState(
    experiment.variants.find(({ verdict }) => verdict === 'better')?.name ?? 'control',
  );
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const selectId = useId();
  const selectRef = useRef<HTMLSelectElement>(null);

  // The question takes the focus when it appears (ConfirmStep); it comes back to the choice after.

  async function end() {
    setBusy(true);
    const answer = await postJson(
      `${ownerPaths.api}${roomApi.experimentsWinner}`,
      { experiment: experiment.name, variant },
      publishedSchema,
    );
    setBusy(false);
    setConfirming(false);
    if (!answer.ok) {
      selectRef.current?.focus();
      return setProblem(problemOf(answer));
    }
    onMade(text.made(variant, answer.data.version.number));
  }

  const label = (name: string) => (name === 'control' ? text.control : name);
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setProblem(null);
          setConfirming(true);
        }}
      >
        <label htmlFor={selectId} className="flex flex-col gap-1 font-semibold">
          {text.choose}
          <select
            ref={selectRef}
            id={selectId}
            className={fieldClass}
            value={variant}
            disabled={confirming}
            onChange={(event) => setVariant(event.target.value)}
          >
            {experiment.variants.map(({ name }) => (
              <option key={name} value={name}>
                {label(name)}
              </option>
            ))}
          </select>
        </label>
        {!confirming && (
          <button type="submit" className={quietButtonClass}>
            {text.makeThePage}
          </button>
        )}
      </form>
      {confirming && (
        <ConfirmStep
          question={text.confirm(variant, experiment.page)}
          yes={busy ? text.publishing : text.yes}
          cancel={text.cancel}
          busy={busy}
          onYes={() => void end()}
          onCancel={() => {
            setConfirming(false);
            selectRef.current?.focus();
          }}
        />
      )}
      {problem && <Problem message={problem} />}
    </div>
  );
}
