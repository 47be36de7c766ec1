import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Result, Spin } from 'antd';
import { useCurrentUser } from '../../lib/current-user';
import { GuideMarkdown } from './guide-markdown';
import { GUIDES, isGuideName, type GuideName } from './guides';

/** After the guide renders, the section the address names comes into view (the browser did not find it yet). */
function useScrollToSection(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [ready, hash]);
}

function GuideContent({ name }: { name: GuideName }) {
  const { data: user } = useCurrentUser();
  const guide = useQuery({ queryKey: ['guides', name], queryFn: GUIDES[name].load, staleTime: Infinity });
  useScrollToSection(guide.isSuccess);
  if (guide.isPending) return <Spin aria-label={`Loading the ${GUIDES[name].title.toLowerCase()}`} />;
  if (guide.isError)
    return <Alert type="error" showIcon title={`The ${GUIDES[name].title.toLowerCase()} could not be loaded.`} />;
  const readable = (other: GuideName) => !GUIDES[other].role || GUIDES[other].role === user?.role;
  return <GuideMarkdown markdown={guide.data} readable={readable} />;
}

/**
 * `/guides/{name}`: the user guide for everyone signed in, the operations guide for administrators (its
 * route is an administrator's page).
 */
export default function GuidePage() {
  // The operations guide's route is a path of its own (guarded as an administrator's page): no parameter.
  const { pathname } = useLocation();
  const guide = useParams().guide ?? pathname.split('/')[2];
  if (!isGuideName(guide))
    return <Result status="404" title="No such guide" subTitle="There is no guide at this address." />;
  return <GuideContent name={guide} />;
}
