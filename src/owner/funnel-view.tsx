import { type FormEvent, useEffect, useState } from 'react';
import { addDays, utcDay } from '../../contracts/funnel-figures';
import { ownerPaths } from '../../contracts/owner';
import { roomApi } from '../../contracts/room/api';
import {
  type FunnelAnswer,
  type FunnelQuery,
  funnelAnswerSchema,
} from '../../contracts/room/funnel';
import { getJson } from '../lib/api-client';
import { DayField } from './funnel/day-field';
import { FunnelFigures } from './funnel/funnel-figures';
import { Problem, problemOf, quietButtonClass, Section } from './room-ui';
import { words } from './words';

const presets = [7, 28, 90] as const;
const today = () => utcDay(new Date());

/**
 * The funnel of a period the owner chooses: the totals from views to conversion, visitors and
 * sign-ups by day as a chart (with its figures as a table), and tables by source and by page.
 * `version` changes when the owner changed the leads elsewhere in the room (an erasure).
 */
export function FunnelView({ version }: { version: number }) {
  const [query, setQuery] = useState<FunnelQuery>({});
  const [funnel, setFunnel] = useState<FunnelAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [period, setPeriod] = useState({ from: '', to: '' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks for the same period again.
  useEffect(() => {
    const controller = new AbortController();
    const search = new URLSearchParams(Object.entries(query).filter(([, day]) => day));
    void getJson(`${ownerPaths.api}${roomApi.funnel}?${search}`, funnelAnswerSchema, {
      signal: controller.signal,
    }).then((answer) => {
      if (controller.signal.aborted) return;
      if (!answer.ok) return setProblem(problemOf(answer));
      setProblem(null);
      setFunnel(answer.data);
      setPeriod({ from: answer.data.from, to: answer.data.to });
    });
    return () => controller.abort();
  }, [query, version]);

  function choose(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setQuery({ from: period.from || undefined, to: period.to || undefined });
  }

  return (
    <Section id="funnel" heading={words.funnel.heading}>
      <form onSubmit={choose} className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="mb-2 font-semibold">{words.funnel.period}</legend>
          <DayField
            label={words.funnel.from}
            value={period.from}
            max={period.to}
            onChange={(from) => setPeriod({ ...period, from })}
          />
          <DayField
            label={words.funnel.to}
            value={period.to}
            min={period.from}
            onChange={(to) => setPeriod({ ...period, to })}
          />
          <button type="submit" className={quietButtonClass}>
            {words.funnel.show}
          </button>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          {presets.map((days) => (
            <button
              key={days}
              type="button"
              className={`${quietButtonClass} min-h-10 px-4 text-step--1`}
              onClick={() => setQuery({ from: addDays(today(), 1 - days), to: today() })}
            >
              {words.funnel.lastDays(days)}
            </button>
          ))}
        </div>
      </form>
      {problem && <Problem message={problem} />}
      <p aria-live="polite" className="text-muted">
        {funnel ? words.funnel.periodShown(funnel.from, funnel.to) : words.funnel.loading}
      </p>
      {funnel && <FunnelFigures funnel={funnel} />}
    </Section>
  );
}
