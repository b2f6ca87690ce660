import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { POLICY_UPDATED, PRIVACY_CONTACT_EMAIL } from '../../../lib/config';
import { ensurePolicyTexts } from '../../../lib/i18n';
import { PublicLayout } from '../../../components/public-layout';

// The order of the policy's sections; their texts are policy.sections.<id>.title|body.
const SECTIONS = [
  'roles',
  'customers',
  'staff',
  'purposes',
  'sharing',
  'retention',
  'security',
  'rights',
  'cookies',
  'contact',
  'changes',
] as const;

/** /policy: the privacy policy (PDPA). */
export function PolicyPage() {
  const { t } = useTranslation();
  return (
    <PublicLayout title={t('policy.title')} isWide>
      <p className="policy-updated">
        {t('policy.updated', { date: dayjs(POLICY_UPDATED).format('DD/MM/YYYY') })}
      </p>
      <p>{t('policy.intro')}</p>
      {SECTIONS.map((id) => (
        <section key={id} className="policy-section">
          <h2>{t(`policy.sections.${id}.title`)}</h2>
          <p>{t(`policy.sections.${id}.body`, { email: PRIVACY_CONTACT_EMAIL })}</p>
        </section>
      ))}
    </PublicLayout>
  );
}

export { PolicyPage as Component };

/** The policy texts load with the page, before it renders. */
export async function loader(): Promise<null> {
  await ensurePolicyTexts();
  return null;
}
