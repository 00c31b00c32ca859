/** Shows a toast. The toast library loads only when the first toast is due, off the page's critical path. */
export async function notify(title: string, description: string): Promise<void> {
  const { showToast } = await import('./toaster');
  showToast(title, description);
}
