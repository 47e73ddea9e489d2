/**
 * The compass button above the navigation buttons: a needle that points to north on screen as the camera turns,
 * the heading in its accessible name; a click, Enter or Space turns the map back to north.
 */
import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { needleRotation, type CompassController } from '../compass';
import { compass } from '../context';
import './compass.css';

export default function Compass() {
  const controller = compass();
  if (!controller) return null;
  return <CompassButton controller={controller} />;
}

function CompassButton({ controller }: { controller: CompassController }) {
  const intl = useIntl();
  const heading = useSyncExternalStore(controller.subscribe, controller.heading);
  const label = intl.formatMessage({ id: 'mapControls.compass.label' }, { heading });
  return (
    <button type="button" className="compass" aria-label={label} title={label} data-testid="compass" data-heading={heading} onClick={() => controller.resetNorth()}>
      <svg viewBox="-20 -20 40 40" width="40" height="40" aria-hidden="true" focusable="false">
        <circle r="18" className="compass__dial" />
        <g className="compass__needle" transform={`rotate(${needleRotation(heading)})`}>
          <path d="M0 -9 L4 1 L-4 1 Z" className="compass__north" />
          <path d="M0 13 L4 1 L-4 1 Z" className="compass__south" />
          <text y="-11" className="compass__letter">
            {intl.formatMessage({ id: 'mapControls.compass.north' })}
          </text>
        </g>
      </svg>
    </button>
  );
}
