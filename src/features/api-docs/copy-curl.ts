/**
 * "Copy as curl": each operation's button copies its curl line and says so (in the button for two
 * seconds, and to screen readers through `status`). The buttons stay hidden until this runs: the
 * line itself is on the page for everyone.
 */
export function copyCurlLines(root: ParentNode, status: HTMLElement | null): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy-for]')) {
    const label = button.textContent ?? '';
    button.hidden = false;
    button.addEventListener('click', async () => {
      const line = document.getElementById(button.dataset.copyFor ?? '')?.textContent ?? '';
      let said: string;
      try {
        await navigator.clipboard.writeText(line);
        said = button.dataset.copied ?? '';
      } catch {
        said = button.dataset.failed ?? '';
      }
      button.textContent = said;
      if (status) status.textContent = said;
      setTimeout(() => (button.textContent = label), 2000);
    });
  }
}
