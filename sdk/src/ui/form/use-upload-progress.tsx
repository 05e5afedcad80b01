import { Form, Progress } from 'antd';
import { type ReactNode, useState } from 'react';
import type { UploadProgress } from '../api.js';
import { kitText } from '../kit-texts.js';
import { useLanguage } from '../session.js';

/** A form's save through `apiUpload`, and the bar that shows it. */
export interface UploadTracker {
  /**
   * Runs the save (`send` posts with the given progress listener); with a file, "Uploading N%" and
   * its bar show from 0 until the save ends, whether it succeeds or is refused.
   */
  track<Result>(
    withFile: boolean,
    send: (onProgress: (progress: UploadProgress) => void) => Promise<Result>,
  ): Promise<Result>;
  /** The bar as a form row (under the file field); nothing while no upload runs. */
  bar: ReactNode;
}

/** The progress of a form's multipart save (the firmware image, a resource's file). */
export function useUploadProgress(testId?: string): UploadTracker {
  const language = useLanguage();
  const [percent, setPercent] = useState<number | null>(null);
  const track: UploadTracker['track'] = async (withFile, send) => {
    setPercent(withFile ? 0 : null);
    try {
      return await send((progress) => setPercent(progress.percent));
    } finally {
      setPercent(null);
    }
  };
  const bar =
    percent === null ? null : (
      <Form.Item label={kitText('uploading', language, { percent })}>
        <Progress percent={percent} data-testid={testId} />
      </Form.Item>
    );
  return { track, bar };
}
