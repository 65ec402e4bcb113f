/**
 * A module (or what is built from it) loaded at its first use, once: a provider SDK or native library the default
 * configuration never uses costs no memory or start-up time until it is needed (issue 26 §6). A failed load is
 * tried again at the next use.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}
