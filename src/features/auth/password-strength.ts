/** 0 (too guessable) to 4 (very hard to guess), as zxcvbn scores it. */
export type Score = 0 | 1 | 2 | 3 | 4;

type Scorer = (password: string, personal: string[]) => Score;

let loading: Promise<Scorer> | undefined;

/**
 * zxcvbn and its dictionaries weigh several hundred KB, so they load on first use (when the
 * person starts typing a new password), never with the page. The server decides for real.
 */
export function loadScorer(): Promise<Scorer> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => {
      const zxcvbn = new core.ZxcvbnFactory({
        dictionary: common.dictionary,
        graphs: common.adjacencyGraphs,
      });
      return (password, personal) => zxcvbn.check(password, personal).score as Score;
    },
  );
  // A failed download may succeed on the next keystroke.
  loading.catch(() => (loading = undefined));
  return loading;
}
