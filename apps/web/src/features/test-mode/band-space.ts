/**
 * How much room at the top of the screen the Test mode band takes while shown (toaster.tsx keeps its toasts below
 * it). Its own module, so the toaster on every page does not pull in the band.
 */
export const TEST_MODE_BAND_SPACE = '--test-mode-band-space';
