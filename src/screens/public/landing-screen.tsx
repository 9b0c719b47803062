import { Anchor, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../app/paths.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { useNamespace } from '../../i18n/use-namespace.ts';
import ar from '../../i18n/locales/ar/public.json';
import en from '../../i18n/locales/en/public.json';
import { ContactForm } from './contact-form.tsx';
import {
  AboutSection,
  HomeSection,
  landingSections,
  ResellersSection,
  Section,
  ServicesSection,
  type LandingSection,
} from './landing-sections.tsx';

const isSection = (value: string | undefined): value is LandingSection =>
  (landingSections as readonly string[]).includes(value ?? '');

/**
 * The public landing page (spec §1): home, about, services, resellers and contact. The hash
 * router owns `#`, so sections are routes: #/landing/about scrolls to the about section.
 */
export default function LandingScreen() {
  const { t } = useNamespace('public', { ar, en });
  const { section } = useParams();

  useEffect(() => {
    if (!isSection(section)) return;
    document.getElementById(`landing-${section}`)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [section]);

  return (
    <Box>
      <Box component="header" pos="sticky" top={0} style={{ zIndex: 10, background: 'var(--app-secondary)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Anchor component={Link} to={paths.landing} c="white" fw={700} fz="lg" underline="never">
              {t('app.name', { ns: 'common' })}
            </Anchor>
            <Group component="nav" aria-label={t('public:nav.label')} gap="md" wrap="wrap">
              {landingSections.map((id) => (
                <Anchor
                  key={id}
                  component={Link}
                  to={paths.landingSection(id)}
                  c="white"
                  aria-current={section === id ? 'location' : undefined}
                >
                  {t(`public:nav.${id}`)}
                </Anchor>
              ))}
            </Group>
            <Group gap="sm">
              <LanguageSwitcher />
              <Button component={Link} to={paths.auth.login} variant="white" color="dark" size="xs">
                {t('public:nav.signIn')}
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Box component="main">
        <HomeSection />
        <AboutSection />
        <ServicesSection />
        <ResellersSection />
        <Section id="contact">
          <Stack gap="md" maw={760}>
            <Title order={2} id="landing-contact-heading">
              {t('public:contact.heading')}
            </Title>
            <Text>{t('public:contact.lead')}</Text>
            <ContactForm />
          </Stack>
        </Section>
      </Box>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Text size="sm">{t('public:footer')}</Text>
        </Container>
      </Box>
    </Box>
  );
}
