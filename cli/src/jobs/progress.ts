import type { BulkJob } from '@testament/contracts';
import { Presets, SingleBar } from 'cli-progress';

/** How a job's progress is shown while it is followed: on stderr, so that stdout stays the command's result. */
export interface JobProgress {
  show(job: BulkJob): void;
  end(): void;
}

/** A bar on a terminal; a line per step in a CI log; nothing with `--json`. */
export function jobProgress(json: boolean | undefined): JobProgress {
  if (json) return { show: () => {}, end: () => {} };
  return process.stderr.isTTY ? barProgress() : lineProgress();
}

function barProgress(): JobProgress {
  const bar = new SingleBar(
    { stream: process.stderr, format: 'job {job} {bar} {value}/{total} {percentage}% {status}', barsize: 30 },
    Presets.shades_classic,
  );
  let started = false;
  return {
    show(job) {
      const payload = { job: job.id, status: job.status };
      if (!started) bar.start(job.total, job.done, payload);
      else {
        bar.setTotal(job.total);
        bar.update(job.done, payload);
      }
      started = true;
    },
    end: () => bar.stop(),
  };
}

function lineProgress(): JobProgress {
  let said = '';
  return {
    show(job) {
      const line = `job ${job.id}: ${job.done}/${job.total} ${job.status}`;
      if (line !== said) process.stderr.write(`${line}\n`);
      said = line;
    },
    end: () => {},
  };
}
