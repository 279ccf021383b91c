/** The text of each article, kept apart from `articles` so that the news list does not download it. */
export const articleBodies: Record<string, readonly string[]> = {
  'budget-transparency-act': [
    'Today our representatives tabled the Budget Transparency Act. It requires every public body to publish its spending monthly, line by line, as open data in a common format, and to link each programme to the evidence that justified it.',
    'We chose this as our first bill because every other reform depends on it. You cannot evaluate what you cannot see, and today most public spending is reported once a year, in formats that make comparison almost impossible.',
    'The Act costs little: the data already exists in finance systems. What it changes is who can look at it. Journalists, researchers and citizens will be able to follow the money without a freedom-of-information request.',
    'The bill has its second reading in January. Members can read the full text, our impact assessment and the comments received so far on the policy pages.',
  ],
  'open-health-records-study': [
    'Before we propose a single patient-held health record, we wanted to know what happened where it has been done. Our research group reviewed 41 studies from Estonia and Denmark covering more than a decade.',
    'The gains are real: fewer duplicated tests, faster referrals between clinics and fewer medication errors at hospital admission. Patients used the access: more than half looked at their own record in a given year.',
    'One finding changed our proposal. Where patients could not see who had accessed their record, trust fell after every publicised breach. Our policy now includes an access log every patient can read, with an alert for any unusual access.',
    'The full review, with its data and methods, is open for comment until the end of the month.',
  ],
  'chapter-32-launch': [
    'Last weekend 140 members gathered for the founding meeting of our 32nd state chapter. Three years ago we had four.',
    'Every chapter starts the same way: five members who agree to meet monthly, a published budget, and a commitment to run at least one open policy workshop in their first six months.',
    'Chapters choose their own priorities. Some focus on local candidates, others on testing our policies with the people they would affect. All of them report their work in public.',
    'If there is no chapter near you, the national organising team will help you start one. Write to us through the contact page.',
  ],
  'carbon-dividend-analysis': [
    'Carbon pricing works: it cuts emissions where cutting them is cheapest. The question voters rightly ask is who pays.',
    'We modelled our proposal, a carbon price rising each year with the revenue returned as an equal dividend to every household, against household spending data. Seven in ten households in the bottom half of the income distribution come out ahead, because they spend less on carbon-intensive goods than the average.',
    'Rural households with long commutes gain less, and some lose. Our proposal therefore adds a transition payment for them in the first five years, paid for from the same revenue.',
    'The model, its data and every assumption are published. If you think we got something wrong, tell us: we will publish the correction.',
  ],
  'tutoring-trial-results': [
    'Between 2023 and 2025 a national trial offered small-group tutoring to 40,000 pupils who had fallen behind. The independent evaluation has just been published.',
    'Pupils tutored three times a week in groups of three or fewer gained four months in reading and three in mathematics compared with similar pupils who were not tutored. Weekly sessions made little difference.',
    'The effect was largest for pupils from low-income families, and it depended on tutors being trained and sessions happening in school time.',
    'Our education policy follows these findings: frequent, small, in-school tutoring for every pupil who falls behind, with the same evaluation continued so that we learn if it stops working.',
  ],
  'town-hall-season': [
    'From November to February our leaders will hold town halls in twelve cities. Each lasts two hours, and the second hour belongs entirely to questions from the floor.',
    'We do not screen questions. We publish the recording and a written answer to every question we could not take in the room.',
    'Town halls are free and open to everyone, members or not. Some are also streamed for those who cannot travel.',
    'See the events page for dates and places, and register so that we can plan the room.',
  ],
  'algorithm-register-proposal': [
    'Public bodies increasingly use software to help make decisions about people: who is checked for fraud, which school a child is offered, how much support someone receives.',
    'Our proposal is simple. Every such system goes on a public register that says what it does, what data it uses, how it was tested and who is accountable for it.',
    'Anyone affected by a decision in which an algorithm played a part will have the right to an explanation in plain language and to a review by a person with the power to change it.',
    'Amsterdam and Helsinki already run registers like this. We would make it the law everywhere.',
  ],
  'digital-tax-account-consultation': [
    'For most taxpayers, the state already knows what they earned and what they paid. Yet millions of hours each year are spent copying that information back into forms.',
    'We propose a single digital tax account that pre-fills the return. You check it, correct it if needed and confirm. Countries that do this have cut the time spent on returns by more than half.',
    'Trust is the hard part. What would you need to see before relying on a pre-filled return? Which corrections should be easy? How should you be told about changes?',
    'The consultation is open to everyone until 31 December. Every response will be published, anonymised, with our answer.',
  ],
  'volunteer-week-recap': [
    'During our national volunteer week, members in every chapter held 3,200 recorded conversations with voters about what they want from public services.',
    'The most common answer was not a policy: it was time. People want services that do not make them repeat themselves, wait on hold or visit an office to fix someone else’s mistake.',
    'We have added two measures to our public promise as a result: the number of times a service asks for information the state already holds, and the time it takes to resolve a complaint.',
    'Thank you to every volunteer. The next volunteer week is in March; sign up on the volunteer page.',
  ],
};
