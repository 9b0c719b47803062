import { Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.ts';

export const landingSections = ['home', 'about', 'services', 'resellers', 'contact'] as const;
export type LandingSection = (typeof landingSections)[number];

const services = ['lists', 'templates', 'surveys', 'attachments', 'scheduling', 'logs'] as const;

/** A section of the page, reachable at #/landing/<id>; its heading names it for screen readers. */
export function Section({ id, children }: { id: LandingSection; children: React.ReactNode }) {
  return (
    <section id={`landing-${id}`} aria-labelledby={`landing-${id}-heading`} style={{ scrollMarginTop: 72 }}>
      <Container size="lg" py={{ base: 40, md: 64 }}>
        {children}
      </Container>
    </section>
  );
}

export function HomeSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="home">
      <Stack gap="lg" maw={720}>
        <Title order={1} id="landing-home-heading" fz={{ base: 30, md: 44 }}>
          {t('public:home.heading')}
        </Title>
        <Text size="lg">{t('public:home.lead')}</Text>
        <Group>
          <Button component={Link} to={paths.auth.login} size="md">
            {t('public:home.primary')}
          </Button>
          <Button component={Link} to={paths.landingSection('contact')} size="md" variant="outline">
            {t('public:home.secondary')}
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

export function AboutSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="about">
      <Stack gap="md" maw={760}>
        <Title order={2} id="landing-about-heading">
          {t('public:about.heading')}
        </Title>
        <Text>{t('public:about.body1')}</Text>
        <Text>{t('public:about.body2')}</Text>
      </Stack>
    </Section>
  );
}

export function ServicesSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="services">
      <Title order={2} id="landing-services-heading" mb="lg">
        {t('public:services.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {services.map((service) => (
          <Card key={service} withBorder radius="md" padding="lg" component="article">
            <Title order={3} size="h4" mb="xs">
              {t(`public:services.${service}.title`)}
            </Title>
            <Text size="sm">{t(`public:services.${service}.body`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Section>
  );
}

export function ResellersSection() {
  const { t } = useTranslation('public');
  return (
    <Section id="resellers">
      <Stack gap="md" maw={760}>
        <Title order={2} id="landing-resellers-heading">
          {t('public:resellers.heading')}
        </Title>
        <Text>{t('public:resellers.body')}</Text>
        <Button
          component={Link}
          to={paths.landingSection('contact')}
          variant="light"
          style={{ alignSelf: 'flex-start' }}
        >
          {t('public:resellers.cta')}
        </Button>
      </Stack>
    </Section>
  );
}
