/** Sector vocabulary of the demo generator, consumer, media and public-interest sectors (format: sector-words-tech.ts). */
export const CONSUMER_SECTORS: Record<string, string> = {
  Marketing: `
label: marketing
suffixes: Reach | Signal | Funnel | Promo
related: Media | E-commerce | Analytics
founders: former agency strategists | growth marketers | ad-tech engineers
proofs: {n} brands use it. | Many of its {n} customers are based in {country}. | Customers typically shift a fifth of their budget after the first report.
timing: Browser and privacy changes have broken old tracking, so brands are rebuilding measurement on their own data. | Short-form video has moved budgets toward creators, and brands need a way to measure them.
integrations: ad platforms | CRM systems | e-commerce platforms
units: per brand per month | per location
compliance: GDPR and ePrivacy rules
offer: influencer campaign platform | consumer brands; beauty and fashion labels | creator matching by audience overlap | find creators whose audiences buy; pay creators per sale instead of per post | agencies billing by the hour | Brands spend more on creators every year but cannot tell which ones sell. | Creator campaigns ~ Finds creators, agrees terms and tracks sales per post.; Affiliate payouts ~ Pays creators automatically for the sales they bring.
offer: marketing attribution tool | online shops; subscription apps | incrementality tests on first-party data | know which channel actually drives sales; cut wasted ad spend | last-click reports | Every ad platform reports its own success, and together they claim more sales than the business made. | Budget allocation ~ Runs holdout tests to show what each channel really adds.; Spend planning ~ Recommends next month's budget per channel.
offer: customer review management app | hotels and restaurants; franchise businesses | automatic review replies in each language | answer every review within a day; raise ratings across locations | reading reviews when someone has time | Local businesses depend on reviews but have no time to read, let alone answer them. | Review management ~ Collects reviews from every site and drafts replies for approval.; Location benchmarks ~ Compares ratings and topics across locations.
offer: B2B intent data service | B2B marketing teams; sales development teams | signals from company websites and job posts | reach buyers while they are still researching; focus outreach on accounts in market | cold lists bought by the thousand | Sales teams call thousands of companies, and almost none of them are looking to buy. | Account-based outreach ~ Alerts sales when a target company starts researching the category.; List building ~ Finds companies that match the ideal customer profile.
offer: email personalization engine | online retailers; travel brands | product recommendations chosen per subscriber | send emails people open and click; win back lapsed customers | generic newsletters to everyone | Most marketing email is ignored because everyone gets the same message. | Personal recommendations ~ Fills each email with products the subscriber is likely to want.; Win-back journeys ~ Sends tailored offers to customers who stopped buying.`,

  Arts: `
label: creative industries
suffixes: Creative | Canvas | Studios | Arts
related: Media | Education | E-commerce
founders: musicians | former gallery managers | film editors
proofs: {n} artists and studios use it. | {n} venues and studios in {country} work with it. | Artists using it report earning more from the same work.
timing: Creators now earn a living online directly from fans and brands, and need tools built for that. | Licensing demand has exploded with short video, while the process is still built for TV.
integrations: streaming platforms | payment providers | editing software
units: per ticket sold | per license
compliance: copyright and collecting society rules
offer: image rights management service | illustrators; photographers | image matching across the web | get paid when their work is used; stop unlicensed copies without a lawyer | handshake deals and unpaid invoices | Artists' work is copied and used online every day, and most never see a payment for it. | Usage tracking ~ Finds where an artist's work appears online and starts the claim.; Licensing offers ~ Offers a license to the user instead of a takedown.
offer: venue ticketing platform | small concert venues; theaters | dynamic ticket pricing and the venue's own branding | fill more seats without discounting; keep booking fees fair for fans | ticket resellers taking a cut | Independent venues live on thin margins and lose fees and customer data to ticketing giants. | Venue ticketing ~ Sells tickets with the venue's own branding and keeps the fees fair.; Fan lists ~ Lets venues email past buyers about new shows.
offer: music licensing marketplace | video creators; advertising agencies | pre-cleared songs with clear license terms | license a song for a video in minutes; pay independent musicians fairly | weeks of email to clear a song | Licensing a song takes weeks of email, and independent musicians rarely get sync deals. | Sync licensing ~ Lets producers license pre-cleared music in a few clicks.; Artist royalties ~ Pays musicians their share on every license.
offer: online art gallery | emerging artists; first-time collectors | curated sales with certificates of authenticity | sell work to collectors abroad; buy original art with confidence | galleries taking half the price | Emerging artists have few ways to reach collectors, and galleries take half of each sale. | Online exhibitions ~ Presents curated shows with detailed views of each work.; Collector shipping ~ Handles insured shipping and customs for each sale.
offer: collaborative film editing tool | film production companies; documentary makers | cloud proxies of raw footage | edit together from different cities; review cuts without sending files | shipping hard drives between editors | Film teams work across cities, and raw footage is too large to send. | Remote editing ~ Lets a team cut a film together without shipping drives.; Review rounds ~ Collects comments on each cut at the exact frame.`,

  Cosmetics: `
label: beauty
suffixes: Beauty | Skin | Botanics | Glow
related: Retail | E-commerce | Biotechnology
founders: dermatologists | cosmetic chemists | former beauty buyers
proofs: {n} customers use it. | {n} retailers and salons in {country} stock or use it. | Customers report fewer returns and more repeat orders.
timing: Shoppers now read ingredient lists and expect refills, and regulators are tightening rules on both. | Small brands can reach customers directly online but need help with formulation and compliance.
integrations: e-commerce platforms | retail POS systems | product information systems
units: per order | per formulation
compliance: EU cosmetics regulation
offer: personalized skincare service | people with sensitive skin; people with acne-prone skin | a skin questionnaire and photos reviewed by dermatologists | get a routine that suits their skin; stop wasting money on products that irritate | trial and error with full-size products | Most people buy skincare by trial and error and throw away products that do not suit them. | Personal routines ~ Builds a routine from a skin assessment and adjusts it every few months.; Refill reminders ~ Sends refills just before a product runs out.
offer: refillable cosmetics line | eco-minded shoppers; zero-waste shops | aluminum refill packs and durable cases | cut packaging waste; pay less for each refill | single-use plastic jars | Beauty products come in packaging that is used once and rarely recycled. | Refill subscriptions ~ Delivers refills on the customer's schedule.; Store refill stations ~ Lets shops refill customers' own containers.
offer: ingredient safety checker | independent beauty brands; beauty retailers | a database of regulated ingredients by country | launch products that pass regulatory checks; sell in new countries without surprises | ingredient lists checked by hand | Each country restricts different ingredients, and a small brand can lose a launch over one of them. | Regulatory checks ~ Flags restricted ingredients for each target market.; Label review ~ Checks claims and labels before printing.
offer: shade-matching tool | beauty retailers; online beauty shoppers | camera-based shade matching | buy the right foundation shade online; cut returns on makeup | guessing a shade from a photo | Online beauty shoppers return a large share of foundation because the shade is wrong. | Shade matching ~ Recommends the right shade from a selfie.; In-store mirrors ~ Matches shades at the counter without testers.
offer: contract formulation lab | independent beauty brands; salons launching their own lines | small-batch formulation and testing | bring a new formula to shelves in months; launch with small first runs | minimum orders of tens of thousands of units | New brands cannot meet the minimum orders of big manufacturers. | Small-batch launches ~ Formulates and produces first runs for new brands.; Stability testing ~ Tests new formulas before launch.`,

  Sports: `
label: sports
suffixes: Sports | Athletics | Fit | Play
related: Media | Healthcare | Analytics
founders: former professional athletes | sports scientists | club volunteers
proofs: {n} clubs and venues use it. | {n} customers in {country} use it every week. | Teams using it report fewer injuries and better attendance.
timing: Padel and other fast-growing sports are opening venues faster than booking tools can keep up. | Wearables and cameras have become cheap enough for youth and amateur teams.
integrations: payment providers | wearable devices | league systems
units: per member per year | per court
compliance: GDPR for minors' data
offer: club management app | amateur sports clubs; youth football clubs | one app for members, fees, rosters and messages | run a club without a volunteer drowning in spreadsheets; collect fees without chasing parents | group chats and paper registers | Amateur clubs depend on a few volunteers who spend their evenings on fees, rosters and messages. | Membership and fees ~ Collects fees, keeps rosters and sends reminders.; Match day ~ Confirms players and tells parents where and when.
offer: performance tracking wearable | professional academies; semi-professional teams | GPS and heart-rate vests | see which players risk an injury; plan training around each player's load | coaches' notebooks | Players get injured when training load spikes, and coaches outside the top leagues cannot measure it. | Load management ~ Warns coaches when a player's training load spikes.; Return to play ~ Tracks recovery after injury against the player's baseline.
offer: court booking platform | padel and tennis centers; multi-sport venues | dynamic court pricing | fill courts at quiet hours; take bookings and payments online | phone bookings | Venues lose revenue to empty courts at quiet hours and to no-shows at busy ones. | Court booking ~ Lets players book and pay, and prices quiet hours lower.; Open matches ~ Finds players of the same level to fill a game.
offer: match video analysis tool | coaches; amateur and youth teams | automatic match video tagging | review a match in ten minutes; show players their own clips | hours of manual video editing | Coaches outside the top leagues have no time or tools to analyze matches. | Match review ~ Tags key moments automatically for the coach to review.; Player clips ~ Sends each player the moments that matter for them.
offer: fitness class marketplace | gyms and studios; people who like variety in their workouts | one membership across many studios | try new studios without joining each one; fill empty spots in classes | separate memberships for every gym | Studios have empty spots in many classes while people hesitate to join yet another gym. | Class booking ~ Lets members book classes at any partner studio.; Studio payouts ~ Pays studios for each visit.`,

  Retail: `
label: retail
suffixes: Retail | Shop | Store | Goods
related: E-commerce | Logistics | Analytics
founders: former store managers | retail buyers | supply-chain analysts
proofs: It is used in {n} stores. | {n} retailers in {country} work with it. | Stores using it report around a quarter less waste.
timing: Margins in grocery have been squeezed by inflation, which makes waste and empty shelves expensive. | Food waste targets and new rules push retailers to report and reduce what they throw away.
integrations: point-of-sale systems | ERP systems | supplier portals
units: per store per month | per checkout
compliance: GDPR and food safety rules
offer: shelf monitoring camera | supermarket chains; convenience stores | computer vision on shelves | never run out of best-sellers; keep promotions on the shelf where they belong | weekly shelf walks | Shops lose sales when shelves are empty, and staff find out only when a customer complains. | Shelf gaps ~ Cameras spot empty or misplaced products and alert staff.; Promotion checks ~ Confirms promotions are displayed as agreed with brands.
offer: fresh food forecasting tool | independent grocers; bakeries and delis | demand forecasts by product, store and day | cut food waste by a third; order fresh products with confidence | ordering by gut feel | Grocers throw away fresh food every day and still run out of it, both because they guess demand. | Fresh ordering ~ Suggests daily orders for fresh products per store.; Markdown timing ~ Tells staff when to reduce prices on short-dated items.
offer: self-checkout app | supermarket chains; fashion chains | scan-and-go on the shopper's phone | let shoppers skip the queue; free staff to help customers | long queues at the till | Queues at the till cost sales, and self-checkout machines take space and staff to supervise. | Scan and go ~ Shoppers scan as they shop and pay on their phone.; Loyalty at checkout ~ Applies offers automatically as items are scanned.
offer: shop staff scheduling app | fashion chains; convenience stores | schedules built from footfall | staff the shop for real footfall; let staff swap shifts themselves | fixed weekly rotas | Shops are overstaffed in quiet hours and short-handed at the rush. | Footfall rotas ~ Builds schedules that follow expected footfall.; Shift swaps ~ Lets staff swap shifts with manager approval.
offer: food waste marketplace | bakeries and supermarkets; restaurants | same-day surplus offers to local customers | sell surplus food before it expires; turn waste into revenue | throwing food away at closing time | Good food is thrown away every evening because there is no quick way to sell it. | Surplus sales ~ Offers food near its date to local customers at a discount.; Waste reports ~ Shows what was saved and what still goes to waste.`,

  "E-commerce": `
label: e-commerce
suffixes: Commerce | Cart | Basket | Parcel
related: Retail | Logistics | Marketing
founders: former e-commerce managers | checkout engineers | marketplace operators
proofs: It powers {n} online stores. | {n} merchants in {country} sell with it. | Stores using it report higher conversion within weeks.
timing: Ad costs keep rising, so shops must make more of the traffic they already have. | Regulators are pushing back on waste from returns and packaging.
integrations: e-commerce platforms | payment providers | warehouse systems
units: per order | per store per month
compliance: PCI DSS and consumer protection rules
offer: checkout conversion tool | direct-to-consumer brands; independent merchants | one-click checkout across stores | turn more visitors into buyers; cut abandoned carts | long checkout forms | Most visitors to online shops leave at checkout, after the shop has already paid to bring them there. | Fast checkout ~ Fills in the shopper's details and payment in one step.; Cart recovery ~ Reminds shoppers of their cart with the right offer.
offer: returns prevention service | fashion e-tailers; footwear brands | size recommendations from return data | cut fashion returns; keep more of each sale | generous free returns | Free returns have become a huge cost for fashion retailers, and much returned stock is never sold again. | Size advice ~ Recommends a size based on what similar shoppers kept.; Return insights ~ Shows which products come back and why.
offer: product content generator | online marketplaces; retailers with large catalogs | product descriptions written from images and specs | publish thousands of product pages in a week; make products easier to find in search | copywriters working product by product | Large catalogs launch with thin product pages, and shoppers cannot find or trust them. | Catalog content ~ Writes descriptions and attributes for every product from its images.; Translations ~ Adapts product pages for each market.
offer: subscription commerce platform | subscription box companies; coffee and pet food brands | flexible subscription rules | keep subscribers for longer; let customers pause instead of cancel | rigid subscriptions that customers cancel | Subscription brands lose customers who only wanted to skip a month. | Flexible plans ~ Lets customers skip, swap or pause in one click.; Churn saves ~ Offers the right alternative when someone tries to cancel.
offer: cross-border storefront service | brands selling abroad; independent merchants | local payment methods and duties paid upfront | sell abroad without surprise duties; launch in a new country in days | shipping abroad and hoping customs goes smoothly | Shoppers abroad abandon orders when duties appear at the door, or never see a payment method they trust. | Cross-border sales ~ Shows local prices and payment methods, with duties included.; Market launch ~ Sets up a store for a new country in days.`,

  Education: `
label: education
suffixes: Learn | Academy | Tutor | School
related: Software | AI | Non-profit
founders: teachers | former university admissions officers | learning designers
proofs: {n} schools, employers and learners use it. | Its first customers were in {country}. | Customers report measurable progress within the first term.
timing: Many countries recruit nurses and engineers abroad, and skills and language certificates are the bottleneck. | Schools now have a laptop for every student and look for tools that save teachers time.
integrations: learning management systems | school information systems | HR systems
units: per learner per month | per school
compliance: GDPR for children's data
offer: language tutoring app | nurses moving abroad; engineers relocating for work | live tutors plus practice between sessions | pass a language exam within six months; learn around shift work | classroom courses that clash with shift work | Professionals who must learn a new language cannot take months off work to do it. | Exam preparation ~ Combines weekly tutor sessions with daily practice for a specific exam.; Workplace language ~ Teaches the vocabulary of the learner's own job.
offer: homework feedback tool | secondary school teachers; university tutors | feedback drafted by AI and checked by teachers | mark a class set of essays in an evening; give every student feedback within days | marking by hand at the kitchen table | Teachers spend evenings and weekends marking, and students wait weeks for feedback they need now. | Essay feedback ~ Drafts feedback on each essay for the teacher to edit and send.; Progress tracking ~ Shows each student's progress across assignments.
offer: corporate compliance training platform | HR teams at large employers; banks and insurers | short lessons on the phone | complete mandatory training without losing a day of work; prove training to auditors | day-long training sessions | Employees sit through long mandatory training they forget within a week. | Compliance training ~ Assigns, tracks and reports mandatory courses.; Refreshers ~ Sends short refreshers before knowledge fades.
offer: coding bootcamp | career changers; graduates without tech jobs | project-based cohorts with mentors from industry | land a first developer job; learn while keeping their current job | expensive degrees and self-study alone | People who want to move into tech do not know where to start, and self-study alone rarely leads to a job. | Part-time cohorts ~ Teaches in the evenings and at weekends over six months.; Hiring partners ~ Introduces graduates to employers who hire juniors.
offer: school timetabling tool | school administrators; multi-academy trusts | constraint solvers for timetables | build next year's timetable in a week; respect every teacher's constraints | timetables built on paper over the summer | Deputy heads spend weeks of their summer building timetables by hand. | Timetabling ~ Builds a timetable that respects every teacher's constraints.; Cover planning ~ Finds cover for absent teachers in minutes.`,

  Media: `
label: media
suffixes: Media | Stories | Broadcast | Press
related: Marketing | Arts | Software
founders: journalists | podcast producers | former broadcast engineers
proofs: {n} publishers and creators use it. | {n} customers in {country} publish with it. | Customers report growing revenue from the same audience.
timing: Readers and viewers have become used to paying for content they value, and platforms pay less for traffic. | Synthetic voices and automatic transcripts have become good enough for everyday publishing.
integrations: content management systems | payment providers | podcast hosts
units: per subscriber | per minute of content
compliance: GDPR and local press law
offer: news subscription platform | local newspapers; independent magazines | paywalls that adapt to each reader | grow paying readers; rely less on display advertising | display ads that pay less every year | Local news has lost most of its advertising income, and many towns no longer have a newspaper. | Reader subscriptions ~ Turns regular readers into subscribers with well-timed offers.; Newsletter sign-ups ~ Builds a direct relationship with occasional readers.
offer: podcast production tool | podcasters; companies with branded podcasts | automatic transcripts, chapters and editing | publish a weekly podcast without an editor; turn each episode into clips and articles | hours of editing by hand | Editing a podcast takes several hours per episode, which is why most shows stop after a few. | Podcast editing ~ Removes filler, levels audio and writes show notes.; Clips ~ Cuts short clips for social media from each episode.
offer: video dubbing service | video creators; online course publishers | voice cloning with consent | reach audiences in five languages; publish dubbed versions the same day | subtitles nobody reads | Creators reach a global audience, but most of it does not speak their language. | Video dubbing ~ Dubs videos into new languages in the creator's own voice.; Course localization ~ Translates and voices online courses.
offer: newsletter monetization platform | newsletter writers; independent journalists | sponsorship marketplaces and paid tiers | earn from a newsletter with a few thousand readers; find sponsors that fit their readers | cold-emailing sponsors | Good newsletters with loyal readers earn little because sponsors cannot find them. | Newsletter sponsorships ~ Matches newsletters with sponsors who fit their readers.; Paid tiers ~ Adds paid subscriptions with extra issues.
offer: fact-checking assistant | newsrooms; fact-checking organizations | claim matching against trusted sources | check a claim before it goes to print; track false claims as they spread | late-night calls to sources | Newsrooms have fewer staff while false claims spread faster than ever. | Claim checks ~ Finds earlier checks and sources for a claim in seconds.; Claim monitoring ~ Alerts the desk when a known false claim resurfaces.`,

  "Non-profit": `
label: social impact
suffixes: Impact | Foundation | Collective
related: Education | Healthcare | Environmental Services
founders: former charity directors | aid workers | program evaluators
proofs: {n} organizations use it. | {n} groups in {country} rely on it. | Organizations using it report more time for their cause and less for admin.
timing: Funders increasingly require impact data, and mobile phones make it possible to collect it in the field. | Cash aid has become a preferred form of humanitarian support, and it needs reliable payout tools.
integrations: payment providers | accounting software | mobile money networks
units: per organization per year | per recipient
compliance: GDPR and charity reporting rules
offer: donor management system | small charities; community foundations | recurring donations with automatic thank-yous | keep donors giving year after year; spend less time on gift administration | donor spreadsheets | Small charities rely on a handful of staff who spend more time on admin than on their cause. | Donor retention ~ Thanks donors, tracks gifts and flags those who may lapse.; Gift processing ~ Records gifts and tax relief claims automatically.
offer: impact measurement tool | foundations; social enterprises | short surveys designed with evaluators | show funders what their money changed; learn which programs work best | anecdotes in annual reports | Funders ask for evidence of impact, but most organizations have no way to collect it. | Impact reports ~ Collects outcome data and turns it into reports for each funder.; Program comparison ~ Compares outcomes across programs and sites.
offer: volunteer scheduling app | volunteer-run community groups; food banks | shift sign-ups by phone | fill every volunteer shift; keep volunteers coming back | group chats for rotas | Community groups rely on volunteers, but shifts go unfilled when the rota lives in a group chat. | Volunteer rotas ~ Lets volunteers pick shifts and reminds them the day before.; Volunteer hours ~ Records hours for reports and thank-yous.
offer: grant application platform | small charities; grassroots groups | one application reused across funders | apply to more funders in less time; never miss a deadline | rewriting the same application for each funder | Small organizations miss funding because each funder wants the same information in a different form. | Grant search ~ Finds funders whose criteria match the organization.; Reusable answers ~ Reuses approved answers across applications.
offer: humanitarian cash transfer platform | humanitarian agencies; development programs | mobile money payouts with recipient verification | get aid to families in days, not weeks; reach people in remote areas | vouchers printed and handed out | Aid often reaches families late and through costly paper processes. | Cash transfers ~ Verifies recipients and pays them by mobile money.; Distribution tracking ~ Shows who has been paid and who is still waiting.`,

  Travel: `
label: travel
suffixes: Travel | Trips | Journeys | Stays
related: Software | FinTech | Marketing
founders: former hoteliers | travel managers | tour guides
proofs: {n} customers use it. | {n} businesses in {country} work with it. | Customers report higher revenue per guest within a season.
timing: Travel has recovered strongly and guests book later than ever, rewarding businesses that adjust daily. | Companies now report travel emissions and want trains where they make sense.
integrations: property management systems | channel managers | expense tools
units: per room per month | per booking
compliance: package travel rules and GDPR
offer: hotel revenue management system | small hotels; holiday rental managers | dynamic pricing from local demand | fill rooms at the right price every night; compete with chain hotels on pricing | prices set once a season | Independent hotels compete with chains that have revenue managers, while the owner sets prices on a hunch. | Daily pricing ~ Sets room rates every day from demand, events and competitors.; Minimum stays ~ Adjusts stay rules around busy dates.
offer: corporate travel booking tool | companies with traveling staff; consultancies | policy rules applied at booking | keep business travel within policy; see every trip and its emissions in one place | expense claims after the trip | Business travel is booked everywhere, so companies cannot see or control what they spend. | Travel policy ~ Applies the company's rules while employees book.; Duty of care ~ Shows where travelers are when something happens.
offer: guest messaging app | small hotels; holiday rental managers | guest messages answered automatically in each language | answer guests in their language at any hour; sell upgrades before arrival | phone calls and late-night emails | Guests expect instant answers, and small hotels cannot staff the desk around the clock. | Guest messaging ~ Answers common questions automatically in the guest's language.; Pre-arrival offers ~ Offers upgrades and extras before the guest arrives.
offer: tour operator booking platform | tour operators; activity providers | real-time availability across sales channels | sell tours online without double bookings; take bookings from resellers automatically | phone and email reservations | Small tour operators take bookings by phone and email and double-book when several resellers sell the same tour. | Online bookings ~ Takes bookings and payments on the operator's site.; Reseller channels ~ Shares live availability with resellers.
offer: rail and ferry trip planner | travelers avoiding flights; companies cutting travel emissions | multi-operator rail and ferry tickets | travel across a continent without flying; book a multi-country train trip on one ticket | separate tickets from each operator | Long train trips across borders mean many operators, many tickets and no help if a connection is missed. | Rail itineraries ~ Plans and books multi-country train trips on one ticket.; Missed connections ~ Rebooks travelers when a connection is missed.`,
};
