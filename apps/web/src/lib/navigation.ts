type Navigate = (to: string) => void;

let navigate: Navigate | null = null;

/** The router registers itself here so code outside React (the api client) can send the user somewhere. */
export function registerNavigator(next: Navigate | null): void {
  navigate = next;
}

function isOtherOrigin(to: string): boolean {
  if (!/^https?:\/\//i.test(to)) return false;
  return new URL(to).origin !== window.location.origin;
}

export function redirectTo(to: string): void {
  if (navigate && !isOtherOrigin(to)) {
    navigate(to);
    return;
  }
  window.location.assign(to);
}
