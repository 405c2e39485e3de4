import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { HandOver, JobSchema } from '@/gen/booking/v1/partner_pb';
import { jobFlag } from '@/console/screens/order-job';

describe('a job flag on the board', () => {
  it('says why automatic dispatch gave the job to the operators', () => {
    expect(jobFlag(create(JobSchema, {}))).toBeUndefined();
    expect(jobFlag(create(JobSchema, { handedOver: HandOver.NOBODY_LEFT, unanswered: true }))).toBe(
      '自動派工已邀請所有可接的夥伴，無人接單，請人工派工',
    );
    expect(jobFlag(create(JobSchema, { handedOver: HandOver.DEADLINE }))).toBe('自動派工：距開始不到一小時仍無人接單，請人工派工');
    expect(jobFlag(create(JobSchema, { unanswered: true }))).toBe('無人接單，請重新派工');
  });
});
