/** Whole-page effects kept in one module so tests can replace them. */
export function reloadPage(): void {
  window.location.reload()
}
