import { Spinner, SpinnerSize } from '@blueprintjs/core';

/** The spinner shown while a page or its data loads. */
export function Loading() {
  return (
    <div className="pd-loading" role="status">
      <Spinner size={SpinnerSize.STANDARD} />
      <span>Loading...</span>
    </div>
  );
}
