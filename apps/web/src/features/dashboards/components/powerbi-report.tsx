import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { PowerBIEmbed } from 'powerbi-client-react';
import { models, type Embed } from 'powerbi-client';
import { powerbiMessages } from '@finboard/shared/powerbi';
import { ApiError } from '../../../lib/api-client';
import { getPowerbiEmbed, type EmbedTarget } from '../api/get-powerbi-embed';
import { createTokenRenewer, isTokenExpired } from '../token-renewal';

/** The server's 503 says what to configure; every other failure is the spec's message. */
const messageOf = (error: unknown) =>
  error instanceof ApiError && error.status === 503 ? error.message : powerbiMessages.embedFailed;

/**
 * A Power BI report or paginated report embedded "app owns data" (issue 11 §2): the server hands out an
 * embed token, which is renewed before it expires with setAccessToken — the report is not reloaded — and
 * at once when Power BI reports TokenExpired.
 */
export default function PowerbiReport({ title, target }: { title: string; target: EmbedTarget }) {
  // The first token only: renewals go straight to the embedded report, so the configuration never changes.
  const embed = useQuery({
    queryKey: ['powerbi-embed', target],
    queryFn: ({ signal }) => getPowerbiEmbed(target, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const [renewError, setRenewError] = useState<string>();
  const [renewer] = useState(() => {
    let report: Embed | undefined;
    const renewer = createTokenRenewer({
      fetchToken: () => getPowerbiEmbed(target),
      setAccessToken: async (token) => report?.setAccessToken(token),
      onRenewed: () => setRenewError(undefined),
      onError: (error) => setRenewError(messageOf(error)),
    });
    return { ...renewer, attach: (component: Embed) => void (report = component) };
  });

  const expiration = embed.data?.expiration;
  useEffect(() => {
    if (!expiration) return;
    renewer.schedule(expiration);
    return () => renewer.stop();
  }, [expiration, renewer]);

  const eventHandlers = useMemo(
    () =>
      new Map([
        [
          'error',
          (event?: { detail?: unknown }) => {
            if (isTokenExpired(event?.detail)) void renewer.renew();
          },
        ],
      ]),
    [renewer],
  );

  const data = embed.data;
  const embedConfig = useMemo(
    () =>
      data && {
        type: 'report',
        id: data.reportId,
        embedUrl: data.embedUrl,
        accessToken: data.embedToken,
        tokenType: models.TokenType.Embed,
        settings: {
          panes: { filters: { expanded: false, visible: true }, pageNavigation: { visible: true } },
          background: models.BackgroundType.Transparent,
        },
      },
    [data],
  );

  if (embed.isError)
    return (
      <Result
        status="warning"
        title={title}
        subTitle={messageOf(embed.error)}
        extra={<Button onClick={() => void embed.refetch()}>Try again</Button>}
      />
    );
  if (!embedConfig) return <Spin style={{ display: 'block', margin: 48 }} tip="Loading..." />;
  return (
    <Flex vertical gap={8}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {renewError && <Alert type="warning" showIcon message={renewError} />}
      <PowerBIEmbed
        embedConfig={embedConfig}
        eventHandlers={eventHandlers}
        cssClassName="powerbi-report"
        getEmbeddedComponent={renewer.attach}
      />
    </Flex>
  );
}
