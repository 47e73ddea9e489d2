/**
 * The time player's bar (slot `map.bottom-left`, under the free map area, while the player is on): what is played,
 * the time in Hong Kong time with its date, a slider from start to end (arrow keys step, Page Up/Down ten steps,
 * Home/End the ends), play/pause, speed, backwards, loop and close. Every control has an accessible name.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { Language, SceneClockState } from '../../../core/plugin/types';
import { timePlayer, type TimePlayerContext } from '../context';
import { PLAY_MULTIPLIERS, type TimePlayerLabel } from '../timePlayerController';
import { formatHongKongTime } from '../hongKongTime';
import '../../../core/ui/mapPanel.css';
import '../../../core/ui/controls.css';
import './timePlayer.css';

/** Page Up / Page Down move the slider this many steps. */
const PAGE_STEPS = 10;

export default function TimePlayerBar() {
  const context = timePlayer();
  return context ? <WhileOn context={context} /> : null;
}

function useClockState(context: TimePlayerContext) {
  const [state, setState] = useState<SceneClockState>(() => context.clock.state());
  const [holder, setHolder] = useState(() => context.controller.holder());
  useEffect(() => {
    setState(context.clock.state());
    setHolder(context.controller.holder());
    const stopState = context.clock.onStateChange(setState);
    const stopHolder = context.controller.subscribe(() => setHolder(context.controller.holder()));
    return () => {
      stopState();
      stopHolder();
    };
  }, [context]);
  return { state, holder };
}

function WhileOn({ context }: { context: TimePlayerContext }) {
  const { state, holder } = useClockState(context);
  if (!state.on || !state.startTime || !state.endTime) return null;
  return <Bar context={context} state={state} start={state.startTime} end={state.endTime} label={holder?.label ?? null} stepSeconds={holder?.stepSeconds ?? 60} />;
}

interface BarProps {
  context: TimePlayerContext;
  state: SceneClockState;
  start: Date;
  end: Date;
  label: TimePlayerLabel | null;
  stepSeconds: number;
}

function Bar({ context, state, start, end, label, stepSeconds }: BarProps) {
  const { clock, controller } = context;
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = intl.locale as Language;
  const titleId = useId();
  const title = label === null ? t('timePlayer.title') : typeof label === 'string' ? t(label) : label[language];
  const timeText = t('timePlayer.time', { time: formatHongKongTime(state.currentTime, language) });
  const speed = Math.abs(state.playMultiplier);
  const backwards = state.playMultiplier < 0;
  const stepMs = stepSeconds * 1000;
  const moveTo = (ms: number) => clock.setTime(new Date(Math.min(end.getTime(), Math.max(start.getTime(), ms))));
  // The slider's values are start + whole steps: the end, when not on one, is reached from the last step before it.
  const fromSlider = (value: number) => moveTo(value + stepMs > end.getTime() ? end.getTime() : value);
  const onSliderKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // The browsers' own Page Up/Down steps differ (ten steps everywhere here), and End must reach the very end.
    const target = { PageUp: state.currentTime.getTime() + PAGE_STEPS * stepMs, PageDown: state.currentTime.getTime() - PAGE_STEPS * stepMs, Home: start.getTime(), End: end.getTime() }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };
  const setSpeed = (value: number, reverse: boolean) => clock.setMultiplier(reverse ? -value : value);
  return (
    <section className="map-panel time-player" aria-labelledby={titleId} data-testid="time-player">
      <div className="time-player__top">
        <h2 id={titleId} className="time-player__title">
          {title}
        </h2>
        <output className="time-player__time" aria-live="off" data-testid="time-player-time">
          {timeText}
        </output>
        <button type="button" className="icon-button icon-button--plain" aria-label={t('timePlayer.close')} title={t('timePlayer.close')} onClick={() => controller.close()}>
          ×
        </button>
      </div>
      <input
        type="range"
        className="time-player__slider"
        aria-label={t('timePlayer.slider')}
        aria-valuetext={timeText}
        min={start.getTime()}
        max={end.getTime()}
        step={stepMs}
        value={state.currentTime.getTime()}
        onChange={(event) => fromSlider(Number(event.currentTarget.value))}
        onKeyDown={onSliderKey}
        data-testid="time-player-slider"
      />
      <div className="time-player__controls">
        <button
          type="button"
          className="ui-button ui-button--primary time-player__play"
          aria-label={t(state.isPlaying ? 'timePlayer.pause' : 'timePlayer.play')}
          onClick={() => (state.isPlaying ? clock.pause() : clock.play())}
        >
          <span aria-hidden="true">{state.isPlaying ? '❚❚' : '▶'}</span>
        </button>
        <label className="time-player__speed">
          <span>{t('timePlayer.speed')}</span>
          <select value={String(speed)} onChange={(event) => setSpeed(Number(event.currentTarget.value), backwards)}>
            {[...new Set([...PLAY_MULTIPLIERS, speed])].sort((a, b) => a - b).map((value) => (
              <option key={value} value={String(value)}>
                {t('timePlayer.speedValue', { value })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="ui-button" aria-pressed={backwards} onClick={() => setSpeed(speed, !backwards)}>
          {t('timePlayer.backwards')}
        </button>
        <button type="button" className="ui-button" aria-pressed={state.isLoop} onClick={() => clock.setLoop(!state.isLoop)}>
          {t('timePlayer.loop')}
        </button>
      </div>
    </section>
  );
}
