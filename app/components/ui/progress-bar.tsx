/** A job's progress as a bar: `done` of `total` steps, announced with the unit ("3 of 12 batches"). */
export function ProgressBar({ label, done, total, unit }: { label: string; done: number; total: number; unit: string }) {
  const percent = total ? Math.round((done / total) * 100) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={total}
      aria-valuenow={done}
      aria-valuetext={`${done} of ${total} ${unit}`}
      className="h-2 overflow-hidden rounded-full bg-surface-muted"
    >
      <div className="h-full bg-accent transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
    </div>
  );
}
