import { useMemo, useState } from 'react';
import { Alert, App, Button, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { packScheduleSchema, type Pack } from '@finboard/shared/report-packs';
import { useUpdatePack } from '../api/update-pack';
import type { PackRef } from '../api/report-pack-urls';
import { defaultSchedule, sameSchedule, scheduleSummary, scheduleToSave, timeZoneOptions } from '../pack-schedule';

interface ScheduleChoice {
  monthly: boolean;
  onPeriodLoaded: boolean;
  dayOfMonth: number;
  time: string;
  timeZone: string;
}

const choiceOf = (schedule: Pack['schedule']): ScheduleChoice => {
  const base = schedule ?? defaultSchedule();
  return {
    monthly: schedule?.frequency === 'monthly',
    onPeriodLoaded: schedule?.onPeriodLoaded ?? false,
    dayOfMonth: base.dayOfMonth,
    time: base.time,
    timeZone: base.timeZone,
  };
};

/**
 * When the pack sends itself: monthly on a day at a time in a time zone, and/or when the period's data is
 * loaded; neither is off. Each sends the month before the one it falls in, once per period.
 */
export function ScheduleForm(props: { pack: PackRef; saved: Pack }) {
  const { message } = App.useApp();
  const update = useUpdatePack(props.pack);
  const [edited, setEdited] = useState<ScheduleChoice>();
  const choice = edited ?? choiceOf(props.saved.schedule);
  const zones = useMemo(() => timeZoneOptions().map((zone) => ({ value: zone, label: zone })), []);
  const set = (change: Partial<ScheduleChoice>) => setEdited({ ...choice, ...change });

  const schedule = scheduleToSave(choice);
  const checked = schedule ? packScheduleSchema.safeParse(schedule) : undefined;
  const problem = checked && !checked.success ? checked.error.issues[0]?.message : undefined;
  const changed = !sameSchedule(schedule, props.saved.schedule);

  const onSave = () =>
    update.mutate(
      { schedule },
      {
        onSuccess: (response) => {
          setEdited(undefined);
          void message.success(response.message);
        },
      },
    );

  return (
    <Form layout="vertical" onFinish={onSave} style={{ maxWidth: 560 }}>
      <Form.Item style={{ marginBottom: 8 }}>
        <Checkbox checked={choice.monthly} onChange={(event) => set({ monthly: event.target.checked })}>
          Send monthly
        </Checkbox>
      </Form.Item>
      <Flex gap={12} wrap style={{ paddingInlineStart: 24 }}>
        <Form.Item label="Day of month" htmlFor="pack-schedule-day">
          <InputNumber
            id="pack-schedule-day"
            min={1}
            max={31}
            precision={0}
            disabled={!choice.monthly}
            value={choice.dayOfMonth}
            onChange={(value) => set({ dayOfMonth: value ?? 1 })}
          />
        </Form.Item>
        <Form.Item label="Time" htmlFor="pack-schedule-time">
          <Input
            id="pack-schedule-time"
            type="time"
            disabled={!choice.monthly}
            value={choice.time}
            onChange={(event) => set({ time: event.target.value })}
            style={{ width: 130 }}
          />
        </Form.Item>
        <Form.Item label="Time zone" htmlFor="pack-schedule-zone">
          <Select
            id="pack-schedule-zone"
            showSearch
            disabled={!choice.monthly}
            value={choice.timeZone}
            options={zones}
            onChange={(timeZone: string) => set({ timeZone })}
            style={{ width: 240 }}
          />
        </Form.Item>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ paddingInlineStart: 24, marginTop: -8 }}>
        A day past the month’s end is its last day. Each send is the month before the one it falls in.
      </Typography.Paragraph>
      <Form.Item>
        <Checkbox checked={choice.onPeriodLoaded} onChange={(event) => set({ onPeriodLoaded: event.target.checked })}>
          Send when the period is loaded (a pipeline run or a sync completes it)
        </Checkbox>
      </Form.Item>
      <Alert
        type={schedule ? 'info' : 'warning'}
        showIcon
        title={scheduleSummary(schedule)}
        description={
          props.saved.nextRunAt && !changed
            ? `Next send: ${new Date(props.saved.nextRunAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}`
            : undefined
        }
        style={{ marginBottom: 16 }}
      />
      {props.saved.recipients.length === 0 && schedule && (
        <Alert
          type="warning"
          showIcon
          title="The pack has no recipients yet: add them on the Recipients tab."
          style={{ marginBottom: 16 }}
        />
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} />}
      {update.isError && <Alert type="error" showIcon title={update.error.message} style={{ marginBottom: 16 }} />}
      <Flex gap={8} justify="flex-end">
        <Button disabled={!edited || update.isPending} onClick={() => setEdited(undefined)}>
          Discard changes
        </Button>
        <Button type="primary" htmlType="submit" disabled={!changed || Boolean(problem)} loading={update.isPending}>
          Save schedule
        </Button>
      </Flex>
    </Form>
  );
}
