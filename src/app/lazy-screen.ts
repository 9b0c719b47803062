import { createContext, createElement, lazy, useContext, useState, type ComponentType } from 'react';
import { ScreenLoadFailed } from '../components/screen-load-failed.tsx';

type ScreenModule<Props> = { default: ComponentType<Props> };

/** The retry of the screen whose chunk failed, for the failure notice rendered in its place. */
const RetryContext = createContext<() => void>(() => undefined);

function LoadFailed() {
  return createElement(ScreenLoadFailed, { retry: useContext(RetryContext) });
}
const failed: ScreenModule<object> = { default: LoadFailed };

/**
 * React.lazy for a screen, except that a chunk that cannot be fetched (the server down, the
 * connection gone, a deploy that replaced the chunks) renders a translated notice with a retry
 * in the screen's place. Thrown, the error would reach the route's error element and replace
 * the whole layout, navigation included (issue 37, defect 4). React.lazy keeps a failed load
 * for good, so a retry starts a new lazy component for the next attempt.
 */
export function lazyScreen<Props extends object>(
  load: () => Promise<ScreenModule<Props>>,
): ComponentType<Props> {
  const attempt = () => lazy(() => load().catch(() => failed as ScreenModule<Props>));
  let Screen = attempt();
  function LazyScreen(props: Props) {
    const [, rendered] = useState(0);
    const retry = () => {
      Screen = attempt();
      rendered((count) => count + 1);
    };
    return createElement(RetryContext.Provider, { value: retry }, createElement(Screen, props));
  }
  return LazyScreen;
}
