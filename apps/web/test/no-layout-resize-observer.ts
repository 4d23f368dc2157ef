/** jsdom has no layout; Radix's tooltip positioning only needs the observer to exist. */
export class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
