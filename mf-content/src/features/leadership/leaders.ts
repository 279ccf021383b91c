import amaraOkafor from '../../assets/people/amara-okafor.svg';
import danielReyes from '../../assets/people/daniel-reyes.svg';
import meiLinChen from '../../assets/people/mei-lin-chen.svg';
import jonasBecker from '../../assets/people/jonas-becker.svg';
import priyaRaman from '../../assets/people/priya-raman.svg';
import samuelAdeyemi from '../../assets/people/samuel-adeyemi.svg';
import helenaVarga from '../../assets/people/helena-varga.svg';
import tomasNovak from '../../assets/people/tomas-novak.svg';
import aishaKarim from '../../assets/people/aisha-karim.svg';
import robertHale from '../../assets/people/robert-hale.svg';
import luciaMoreno from '../../assets/people/lucia-moreno.svg';
import kenjiWatanabe from '../../assets/people/kenji-watanabe.svg';

export interface Leader {
  name: string;
  title: string;
  bio: string;
  /** A monogram on the party's colours, until the party has photographs it may publish. */
  image: string;
  socialLinks: { twitter: string; linkedin: string; email: string };
}

export interface Advisor {
  name: string;
  role: string;
  focus: string;
  image: string;
  group: 'academic' | 'practitioner';
}

const social = (handle: string) => ({
  twitter: `https://x.com/${handle}`,
  linkedin: `https://www.linkedin.com/in/${handle}`,
  email: `${handle.replace('_', '.')}@refoundation.example`,
});

export const leaders: readonly Leader[] = [
  {
    name: 'Amara Okafor',
    title: 'Party Leader',
    bio: 'A former emergency physician who redesigned patient flow across twelve hospitals, Amara co-founded the party in 2020 and was elected leader by members in 2023.',
    image: amaraOkafor,
    socialLinks: social('amara_okafor'),
  },
  {
    name: 'Daniel Reyes',
    title: 'Deputy Leader and Economy Spokesperson',
    bio: 'Daniel spent fifteen years evaluating public investment at the national audit office. He leads our work on tax simplification and the public investment register.',
    image: danielReyes,
    socialLinks: social('daniel_reyes'),
  },
  {
    name: 'Mei-Lin Chen',
    title: 'Director of Digital Government',
    bio: 'Mei-Lin built the open-source identity platform now used by three state governments. She leads the design of our public digital infrastructure.',
    image: meiLinChen,
    socialLinks: social('meilin_chen'),
  },
  {
    name: 'Jonas Becker',
    title: 'Policy Director',
    bio: 'A behavioural scientist by training, Jonas runs the open drafting process and the evaluation unit that reports on every commitment we make.',
    image: jonasBecker,
    socialLinks: social('jonas_becker'),
  },
  {
    name: 'Priya Raman',
    title: 'Education Spokesperson',
    bio: 'Priya taught mathematics for a decade before leading a national tutoring trial that reached 40,000 pupils. She chairs our education working group.',
    image: priyaRaman,
    socialLinks: social('priya_raman'),
  },
  {
    name: 'Samuel Adeyemi',
    title: 'National Organiser',
    bio: 'Samuel grew the party from four chapters to thirty-two. He leads volunteer training, candidate selection and our events across the country.',
    image: samuelAdeyemi,
    socialLinks: social('samuel_adeyemi'),
  },
];

export const advisors: readonly Advisor[] = [
  {
    name: 'Helena Varga',
    role: 'Professor of Public Policy',
    focus: 'Evaluation of government programmes',
    image: helenaVarga,
    group: 'academic',
  },
  {
    name: 'Tomás Novák',
    role: 'Professor of Computer Science',
    focus: 'Privacy engineering and public algorithms',
    image: tomasNovak,
    group: 'academic',
  },
  {
    name: 'Aisha Karim',
    role: 'Professor of Environmental Economics',
    focus: 'Carbon pricing and fair transitions',
    image: aishaKarim,
    group: 'academic',
  },
  {
    name: 'Robert Hale',
    role: 'Former City Manager',
    focus: 'Running local services on tight budgets',
    image: robertHale,
    group: 'practitioner',
  },
  {
    name: 'Lucía Moreno',
    role: 'Primary Care Physician',
    focus: 'Prevention and community health',
    image: luciaMoreno,
    group: 'practitioner',
  },
  {
    name: 'Kenji Watanabe',
    role: 'Founder of a civic technology cooperative',
    focus: 'Building services with the people who use them',
    image: kenjiWatanabe,
    group: 'practitioner',
  },
];
