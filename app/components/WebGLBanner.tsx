import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Icon } from './icons';
import { detectWebGL } from './webgl';

/** Banner shown when WebGL is missing (SPEC §8). `available` is injectable for tests. */
export function WebGLBanner({ available }: { available?: boolean }) {
  const intl = useIntl();
  const [hasWebGL] = useState(() => available ?? detectWebGL());
  const [dismissed, setDismissed] = useState(false);
  if (hasWebGL || dismissed) return null;
  return (
    <div className="banner banner--warning" role="alert">
      <p>{intl.formatMessage({ id: 'app.webgl.limited' })}</p>
      <button type="button" className="icon-button icon-button--plain" aria-label={intl.formatMessage({ id: 'app.action.close' })} onClick={() => setDismissed(true)}>
        <Icon name="close" />
      </button>
    </div>
  );
}
