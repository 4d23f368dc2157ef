/**
 * Stands in for the browser's EventSource, which jsdom lacks: a test installs it with
 * `vi.stubGlobal('EventSource', FakeEventSource)` and sends what the server would. A test file extends it with its
 * stream's own events (a design, a notification, a job) and, for components, wraps them in `act`.
 */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  /** Every stream opened since the last reset, oldest first. */
  static opened: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  /** Where the stream was opened, resolved against the test page's origin. */
  readonly url: URL;

  constructor(url: string) {
    super();
    this.url = new URL(url, 'http://localhost');
    FakeEventSource.opened.push(this);
  }

  static reset() {
    FakeEventSource.opened = [];
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  /** One event as the server frames it: its name, its data (text as it is, anything else as JSON) and its id. */
  emit(name: string, data: unknown, lastEventId?: string) {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.dispatchEvent(new MessageEvent(name, { data: text, ...(lastEventId === undefined ? {} : { lastEventId }) }));
  }

  /** A dropped connection the browser retries by itself, or an error answer it gives up on. */
  fail({ permanently }: { permanently: boolean }) {
    this.readyState = permanently ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
}
