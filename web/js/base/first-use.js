// A feature loaded on first use (the built site has each in a chunk of its own: build/
// bundle_page.py): its module is imported, and the feature made, when it is first asked for, not
// on the page's start. Every later ask gets the same feature. A load that fails is forgotten, so
// the next ask tries again (a connection that came back).

/**
 * `load()` resolves with the feature (a dynamic import and the feature's creation). Returns
 * `get()`, a promise of the feature; `busy(on)` is told while a first load is under way (the
 * page shows it is working: a click gets an answer at once). `get.loaded()` is the feature if
 * it is made, else null: for what needs it only once it exists (a closed dialog's refresh).
 */
export function onFirstUse(load, { busy = () => {} } = {}) {
  let loading = null;
  let made = null;
  const get = () => {
    if (loading) return loading;
    busy(true);
    loading = Promise.resolve()
      .then(load)
      .then(
        (feature) => {
          busy(false);
          made = feature;
          return feature;
        },
        (error) => {
          busy(false);
          loading = null;
          throw error;
        },
      );
    return loading;
  };
  get.loaded = () => made;
  return get;
}
