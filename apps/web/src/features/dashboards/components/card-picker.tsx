import { useState } from 'react';
import { App, Button, Checkbox, Flex, Modal, Typography } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { KPI_CATALOG, reportMessages, type KpiKey } from '@finboard/shared/reports';
import { useSaveOverviewCards } from '../api/save-overview-cards';
import { nextCards, PICKABLE_KPIS } from '../overview-cards';

/**
 * Choose cards (Financial Overview): which KPIs of the library the organization's overview shows, kept for the
 * organization. Each choice names its formula; at least one card and at most twelve.
 */
export function CardPicker(props: { organizationId: string; current: KpiKey[] }) {
  const { message } = App.useApp();
  const save = useSaveOverviewCards(props.organizationId);
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<KpiKey[]>(props.current);
  const valid = picked.length >= 1 && picked.length <= 12;
  return (
    <>
      <Button
        icon={<AppstoreOutlined />}
        onClick={() => {
          setPicked(props.current);
          save.reset();
          setOpen(true);
        }}
      >
        Choose cards
      </Button>
      <Modal
        open={open}
        title="Choose cards"
        okText="Save cards"
        okButtonProps={{ disabled: !valid, loading: save.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() =>
          save.mutate(nextCards(props.current, picked), {
            onSuccess: (response) => {
              setOpen(false);
              void message.success(response.message);
            },
          })
        }
        width={640}
      >
        <Typography.Paragraph type="secondary">
          The cards of this organization&apos;s Financial Overview, for everyone who reads it: from 1 to 12.
        </Typography.Paragraph>
        <Checkbox.Group
          aria-label="Cards"
          value={picked}
          onChange={(values) => setPicked(values as KpiKey[])}
          style={{ width: '100%' }}
        >
          <Flex vertical gap={6}>
            {PICKABLE_KPIS.map((key) => (
              <Checkbox key={key} value={key}>
                {KPI_CATALOG[key].label}{' '}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  — {KPI_CATALOG[key].formula}
                </Typography.Text>
              </Checkbox>
            ))}
          </Flex>
        </Checkbox.Group>
        {!valid && <Typography.Text type="danger">{reportMessages.cardsInvalid}</Typography.Text>}
        {save.isError && <Typography.Text type="danger">{save.error.message}</Typography.Text>}
      </Modal>
    </>
  );
}
