/**
 * The longer account on each event's own page: the programme, or for a past event its recap. Apart
 * from the events list, so that the pages that list events do not carry every programme.
 */
export const eventDetails: Readonly<Record<string, readonly string[]>> = {
  'town-hall-denver': [
    'Our party leader Amara Okafor reports on what our nine elected representatives have done in their first year, what worked and what did not.',
    'The second hour is yours: questions from the floor, not screened in advance. Anything we cannot answer on the night gets a written answer on our website within two weeks.',
    'Step-free access, a hearing loop and live captions are available. Children are welcome.',
  ],
  'policy-lab-digital-tax-account': [
    'Our digital government team shows a working prototype of the pre-filled tax account proposed in our economy policy.',
    'In small breakout groups you will try it with sample data and tell us where it confused you, what you would check and what would make you trust it.',
    'Your feedback goes into the consultation, which is published in full.',
  ],
  'volunteer-training-january': [
    'A practical introduction for new and prospective volunteers, led by our national organising team.',
    'We cover how chapters work, how to hold a conversation about policy without a script, and how we record what voters tell us.',
    'No experience needed. You will leave with a mentor in your own chapter.',
  ],
  'town-hall-austin': [
    'Deputy leader Daniel Reyes explains the Budget Transparency Act and what it would let you see about public spending in Texas.',
    'The second hour is open questions from the floor.',
    'Step-free access and live captions are available.',
  ],
  'climate-evidence-forum': [
    'Three economists, one of whom opposes our proposal, debate the carbon price and dividend with our environment working group.',
    'We publish the model behind our proposal beforehand so that everyone can come prepared.',
    'Questions are taken live from the audience through the chat.',
  ],
  'chapter-leaders-summit': [
    'A day for the organisers of our 32 state chapters: what worked, what did not, and what we try next.',
    'Sessions on running open policy workshops, recruiting volunteers and supporting local candidates.',
    'Open to chapter leaders and their deputies. Travel support is available on request.',
  ],
  'open-drafting-healthcare': [
    'The healthcare working group walks through the current draft of the prevention fund policy, section by section.',
    'Every comment made in the session is added to the public record of the draft.',
    'Clinicians, patients and carers are especially welcome.',
  ],
  'spring-conference': [
    'Our annual conference, where members vote on the policy papers that have completed open drafting.',
    'Evidence sessions run all day alongside the votes, with researchers who worked on each paper.',
    'Members vote in person or online. Tickets are free for members and supporters.',
  ],
  'volunteer-week-launch': [
    'More than 300 volunteers gathered to launch our national volunteer week.',
    'Over the following seven days they held 3,200 recorded conversations with voters about public services, and two new measures were added to our public promise as a result.',
  ],
  'tutoring-evidence-webinar': [
    'Priya Raman presented the results of the national tutoring trial with two of its independent evaluators.',
    '1,100 people attended. The recording and the answers to all 86 questions are on our research pages.',
  ],
  'chapter-32-founding-meeting': [
    '140 members founded our 32nd state chapter, elected its first organisers and agreed its first open policy workshop.',
    'The chapter’s first budget and minutes are published on its page.',
  ],
  'algorithm-register-qa': [
    'Mei-Lin Chen explained our proposal for a public register of algorithms and the right to a human review.',
    'Questions ranged from fraud detection to school admissions. The recording and a written summary are available.',
  ],
};
