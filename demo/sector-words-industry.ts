/** Sector vocabulary of the demo generator, industry, finance and health sectors (format: sector-words-tech.ts). */
export const INDUSTRY_SECTORS: Record<string, string> = {
  Agriculture: `
label: agriculture
suffixes: Agro | Harvest | Fields | Farms | Crop
related: Environmental Services | Biotechnology | Logistics
founders: agronomists | former farm managers | crop scientists
proofs: {n} customers work with it, mostly in {country}. | Its first customers were growers in {country}. | Customers using it report input costs down by about a fifth.
timing: Cheap satellite imagery and rural connectivity have made field-level data affordable for mid-sized farms. | Buyers and regulators now ask farms to prove lower chemical use and emissions.
integrations: farm management software | tractor terminals | weather services
units: per hectare per season | per farm
compliance: GDPR and farm data codes of practice
offer: crop-yield forecasting platform | grain farms; farming cooperatives | satellite imagery and soil sensors | plan harvests six weeks earlier; sell grain forward with confidence | walking fields with a notebook | Farmers make their most expensive decisions, what to plant, when to spray, when to harvest, with little more than experience and the weather forecast. | Harvest planning ~ Forecasts yield and ripeness per field so crews and trucks are booked in time.; Grain marketing ~ Shows expected volumes early enough to sell forward.
offer: variable-rate spraying service | arable farmers; agricultural contractors | drones that map weeds plant by plant | spray only where weeds grow; cut herbicide use by half | spraying whole fields on a calendar | Input costs have doubled in a few years while crop prices have not, and most spray lands where no weed grows. | Targeted spraying ~ Maps weeds and sends a prescription map to the sprayer.; Spray records ~ Keeps the records buyers and inspectors ask for.
offer: livestock health tracker | dairy farmers; beef cattle ranches | collar sensors on every animal | spot a sick cow before the milk yield drops; know which animals are in heat | daily checks by eye | On a large herd, a sick or calving animal can go unnoticed for a day, and that day is costly. | Herd health ~ Alerts the farmer to animals that eat or move less than usual.; Breeding alerts ~ Shows which cows are in heat and when to inseminate.
offer: grain storage monitor | grain farms; grain traders | wireless temperature and moisture probes in every silo | keep stored grain from spoiling; run aeration fans only when they help | climbing silos to check by hand | Grain can spoil in a silo within weeks, and the first sign is often a smell when it is too late. | Storage monitoring ~ Measures temperature and moisture inside silos and warns before grain spoils.; Fan control ~ Runs aeration fans when the outside air will actually help.
offer: vertical farming system | greenhouse operators; grocery chains | climate-controlled growing racks | grow salad leaves next to the city that eats them; harvest every week of the year | long truck journeys from distant farms | Leafy greens travel hundreds of kilometers and lose freshness on the way, and droughts make supply unreliable. | Urban growing ~ Grows herbs and leaves in racks close to stores.; Year-round supply ~ Delivers the same quality in winter and summer.`,

  Architecture: `
label: architecture
suffixes: Design | Spaces | Blueprint | Atelier
related: Construction | Real Estate | Software
founders: architects | computational designers | former planning officers
proofs: {n} practices design with it. | Its users have worked on more than {n} projects, many of them in {country}. | Users report planning approvals about a month faster.
timing: New energy rules for buildings require proof of performance at the design stage. | Renovation has overtaken new-build in many European cities, and every project needs an accurate survey.
integrations: BIM tools | CAD software | planning portals
units: per project | per seat
compliance: local building energy codes
offer: generative floor-plan tool | housing developers; small architecture practices | generative design from zoning rules and the brief | test fifty layouts before lunch; fit more homes on a plot without losing daylight | tracing paper and gut feel | Early design decisions fix most of a building's cost, yet there is time to draw only two or three options. | Feasibility studies ~ Generates layouts that fit the plot, the zoning rules and the brief.; Unit mix ~ Compares the value of different mixes of flat sizes.
offer: daylight and energy simulation service | small architecture practices; sustainability consultants | physics-based daylight and heat simulation | prove a design meets energy rules early; avoid costly redesigns late in the project | consultants' reports that arrive too late | Energy and daylight are checked after the design is fixed, when changes are expensive. | Energy compliance ~ Simulates daylight and heat loss while the design is still changing.; Overheating checks ~ Flags rooms that will overheat in summer.
offer: 3D building scanning service | facility managers; renovation architects | laser scans turned into models | get an accurate model of an old building in a day; start a renovation from real measurements | tape-measure surveys | Renovation projects start from drawings that are decades out of date. | Existing-building surveys ~ Turns a laser scan into a usable model in a day.; As-built checks ~ Compares what was built with the design.
offer: planning permission assistant | planning consultants; homeowners planning an extension | a library of local planning decisions | win planning approval on the first submission; know the chances before paying for drawings | resubmitting planning applications | Planning rules differ street by street, and rejected applications cost months. | Precedent search ~ Finds similar approved and refused applications nearby.; Submission checks ~ Checks a design against local rules before it is filed.
offer: interior design marketplace | homeowners; small hotels and cafes | vetted designers and fixed-price packages | furnish a space without hiring a full-service firm; see the design in 3D before buying | magazines and guesswork | Good interior design is out of reach for most homeowners and small businesses because full-service firms are expensive. | Fixed-price design ~ Matches clients with a designer for a room at a set price.; Shoppable plans ~ Turns the design into a list of products to order.`,

  Construction: `
label: construction
suffixes: Build | Structures | Frame
related: Architecture | Real Estate | Manufacturing
founders: former site managers | civil engineers | construction finance specialists
proofs: It is used on {n} active sites. | {n} contractors in {country} work with it. | Customers report projects finishing a few weeks earlier on average.
timing: Housing shortages and a lack of skilled workers are pushing builders toward digital and factory methods. | Prompt payment rules are tightening, and lenders want live evidence of progress.
integrations: scheduling software | accounting systems | BIM tools
units: per active project | per site per month
compliance: local construction safety rules
offer: site progress tracking app | general contractors; civil engineering firms | 360-degree site photos compared with the plan | know each morning what was built yesterday; catch delays while they are still small | weekly site walks with a clipboard | Construction projects run late and over budget, mostly because nobody sees problems until they are expensive. | Progress tracking ~ Compares site photos with the schedule and highlights slipping tasks.; Lender reports ~ Gives lenders photo evidence of progress for each draw.
offer: modular housing system | housing associations; modular home builders | factory-built timber modules | build homes in weeks instead of months; build with a smaller crew on site | site-built homes delayed by weather | There are not enough skilled builders to close the housing gap with traditional methods. | Affordable housing ~ Delivers finished modules ready to connect on site.; Student housing ~ Builds blocks of rooms over a summer.
offer: concrete curing sensor | general contractors; precast plants | wireless sensors cast into the concrete | strip formwork days earlier; prove strength without waiting for lab tests | break tests on concrete cubes | Crews wait for lab results before stripping formwork, and every day of waiting costs money. | Formwork timing ~ Tells the site manager when each pour is strong enough to strip.; Winter pours ~ Warns when concrete is curing too slowly in the cold.
offer: subcontractor payment platform | subcontractors; main contractors | milestone-based payments | get subcontractors paid on time; keep compliance documents in order | chasing invoices for months | Subcontractors wait months to be paid, and many small firms go under because of it. | Subcontractor payments ~ Releases payments automatically when milestones are approved.; Compliance documents ~ Collects insurance and safety certificates before work starts.
offer: safety inspection app | site managers; safety officers | photo checklists and automatic follow-ups | keep every site inspection on record; close safety issues within the day | paper forms in the site office | Safety issues are spotted but not followed up, and paper inspections are lost when they are needed. | Safety inspections ~ Records inspections with photos and follows up open issues.; Toolbox talks ~ Records attendance at daily safety briefings.`,

  Manufacturing: `
label: manufacturing
suffixes: Machines | Industrial | Fab | Manufacturing
related: Robotics | Software | Logistics
founders: manufacturing engineers | former plant managers | industrial software developers
proofs: It runs in {n} plants. | {n} manufacturers in {country} use it every shift. | Customers typically raise machine utilization by about 15% in the first quarter.
timing: Energy prices and supply-chain shocks have forced manufacturers to look closely at waste and idle time. | Retrofit sensors now cost less than a day of downtime.
integrations: ERP systems | machine controllers | quality management systems
units: per connected machine | per plant
compliance: ISO 9001
offer: machine monitoring kit | contract manufacturers; automotive suppliers | retrofit sensors on old machines | see which machines are idle and why; raise output without buying new machines | paper shift reports | Most factories run on machines that are decades old and say nothing about how they are doing. | Downtime tracking ~ Records why each machine stopped and adds it up by shift.; Shift dashboards ~ Shows each team its output against plan in real time.
offer: production scheduling tool | plant managers; food processors | constraint-based scheduling | schedule a plant around rush orders; promise delivery dates they can keep | whiteboard schedules | A single rush order or machine breakdown can take a planner a whole day to work around. | Rush-order scheduling ~ Reschedules the plant in minutes when a priority order lands.; Delivery promises ~ Gives sales a realistic date for each new order.
offer: on-demand 3D printing network | spare-parts buyers; medical device makers | a network of certified print shops | order small batches of parts in days; stop holding stock of rarely used parts | warehouses full of spare parts | Spare parts for old machines are discontinued or take months, and small batches are too expensive to tool up. | Spare-part sourcing ~ Prints discontinued parts on demand from a digital file.; Prototype runs ~ Produces small batches for testing before tooling.
offer: digital work instruction app | medical device makers; electronics assemblers | tablet instructions with photos and video | train new operators in a week; cut assembly errors on the line | binders of outdated instructions | Skilled operators are retiring faster than they can be replaced, and their knowledge goes with them. | Operator onboarding ~ Guides new staff step by step through each task at the station.; Change rollout ~ Updates instructions at every station when a design changes.
offer: supplier quality platform | automotive suppliers; industrial equipment makers | shared defect reports and corrective actions with suppliers | cut scrap on the line; close supplier quality issues in days | emails and spreadsheets of complaints | Defective parts from suppliers stop lines, and the follow-up gets lost in email. | Supplier complaints ~ Tracks each defect from report to corrective action.; Incoming inspection ~ Adjusts inspection levels to each supplier's track record.`,

  Logistics: `
label: logistics
suffixes: Logistics | Freight | Cargo | Fleet | Transit
related: E-commerce | Retail | Manufacturing
founders: former freight forwarders | logistics operations managers | routing engineers
proofs: It handles shipments for {n} customers. | {n} companies in {country} and nearby countries rely on it. | Customers typically cut their transport costs by several percent in the first year.
timing: E-commerce volumes have made delivery costs a board-level topic for retailers. | Carriers have digitized their rates and tracking, so software can finally compare and audit them automatically.
integrations: transport management systems | carrier APIs | warehouse management systems
units: per shipment | per vehicle per month
compliance: customs rules and good distribution practice
offer: freight invoice audit service | mid-sized shippers; importers of consumer goods | automatic matching of invoices to contracts | stop overpaying on freight invoices; see true landed cost per order | checking invoices by hand | Shippers lose a few percent of their freight spend to invoicing errors nobody has time to check. | Invoice auditing ~ Compares every freight invoice with the contract and disputes overcharges.; Landed cost ~ Adds freight, duty and fees to the cost of each order.
offer: last-mile routing app | parcel couriers; grocery delivery services | route optimization that learns from drivers | deliver more parcels per van per day; cut failed deliveries | drivers' own shortcuts | Last-mile delivery is the most expensive part of shipping, and failed deliveries make it worse. | Route planning ~ Builds daily routes for drivers and adjusts them as parcels are added.; Delivery windows ~ Gives customers an accurate time window and updates it live.
offer: cold-chain tracking service | pharmaceutical distributors; fresh food exporters | temperature loggers on every pallet | keep vaccines in range from warehouse to pharmacy; prove the cold chain to inspectors | paper temperature logs | A shipment that warms up for an hour can be worthless, and paper logs show it only after delivery. | Cold-chain monitoring ~ Alerts the team when a shipment leaves its temperature range.; Compliance records ~ Keeps temperature records for every shipment for inspectors.
offer: digital freight forwarder | importers of consumer goods; online retailers | live carrier rate comparison and customs filing | book ocean freight in minutes; see every container on one map | email threads with five forwarders | Importers book freight through emails and phone calls and lose track of containers at sea. | Instant quotes ~ Compares ocean and air rates and books in one step.; Shipment tracking ~ Shows every container's position and arrival date.
offer: returns management platform | online retailers; third-party warehouses | grading rules and automatic routing of returned items | turn returns into resellable stock faster; cut the cost of each return | piles of unopened returns | Returned items sit in warehouses for weeks, and many are never sold again. | Returns processing ~ Grades returned items and routes them back to stock, outlet or recycling.; Return reasons ~ Reports why items come back, by product.`,

  "Real Estate": `
label: real estate
suffixes: Properties | Homes | Estates | Realty
related: Construction | Architecture | FinTech
founders: former letting agents | property fund analysts | building engineers
proofs: It manages {n} properties for its customers. | {n} owners in {country} use it. | Owners using it report fewer empty weeks between tenants.
timing: Energy performance rules will soon bar the worst-rated buildings from being let, so owners must plan upgrades now. | Hybrid work has made flexible space a permanent need rather than a perk.
integrations: accounting tools | property listing portals | open banking providers
units: per unit per month | per building
compliance: GDPR and local tenancy law
offer: property management app | small landlords; letting agents | automatic rent collection and reminders | manage a dozen flats without an agent; see rent arrears the day they start | spreadsheets and bank statements | Small landlords own a large share of rental homes but manage them with spreadsheets and bank statements. | Rent collection ~ Collects rent, sends reminders and reconciles payments automatically.; Repairs ~ Lets tenants report repairs with photos and tracks the fix.
offer: commercial lease analytics tool | commercial property owners; property investment funds | lease documents read by software | know which leases expire and when; value a portfolio with real lease data | lease binders in a filing cabinet | Key dates and terms sit in thousands of pages of leases, and missed break dates cost owners dearly. | Lease tracking ~ Extracts key dates and terms from every lease in a portfolio.; Portfolio risk ~ Shows income at risk from upcoming expiries.
offer: building energy retrofit planner | commercial property owners; housing associations | utility and sensor data from each building | plan upgrades before energy rules bite; cut a building's energy bill before selling it | guesswork about energy upgrades | Owners know their worst buildings will soon be unlettable but not which upgrades pay off. | Retrofit planning ~ Ranks energy upgrades by cost, savings and rating improvement.; Portfolio roadmap ~ Schedules upgrades across a portfolio to meet each deadline.
offer: flexible office booking platform | companies with hybrid teams; office landlords | desk and room booking with occupancy sensors | rent out empty office floors by the day; give teams the space they need on the days they meet | long leases for half-empty offices | Offices sit half empty on most days while companies keep paying for all of it. | Team days ~ Books space for a whole team on the days they meet.; Occupancy reports ~ Shows how space is really used.
offer: tenant screening service | letting agents; build-to-rent operators | income verification through open banking | approve good tenants in a day; cut rent arrears | paper payslips and references | Checking tenants takes days of chasing documents, and forged payslips are common. | Tenant screening ~ Verifies income and references with the applicant's consent.; Rent guarantees ~ Offers landlords a guarantee for approved tenants.`,

  "Environmental Services": `
label: climate
suffixes: Earth | Eco | Climate | Carbon
related: Energy | Agriculture | Manufacturing
founders: climate scientists | former waste plant engineers | sustainability consultants
proofs: {n} organizations use it. | Customers in {country} were its first users. | Its customers report measurable reductions within the first year.
timing: The EU's sustainability reporting rules and similar laws elsewhere have turned environmental data into a legal obligation. | Droughts and rising disposal costs are forcing industry to reuse water and materials.
integrations: accounting systems | ERP systems | utility SCADA systems
units: per reporting entity | per site
compliance: CSRD and the GHG Protocol
offer: carbon accounting platform | mid-sized manufacturers; retailers | emission factors matched to invoices | produce an audit-ready carbon footprint; find the biggest sources of emissions | consultants and spreadsheets once a year | Companies must now report their emissions, but most of the data sits in invoices and supplier spreadsheets. | Carbon footprint ~ Calculates emissions from accounting data and documents every assumption.; Reduction plans ~ Models the effect and cost of each reduction measure.
offer: waste sorting robot | waste management companies; recycling plants | AI vision on the sorting line | recover more recyclable material from mixed waste; keep sorting lines running with fewer pickers | manual picking lines | Sorting plants cannot hire enough pickers, and valuable material ends up burned or buried. | Material recovery ~ Picks recyclables from mixed waste at high speed.; Composition reports ~ Measures what passes on the belt, hour by hour.
offer: water leak detection service | water utilities; large campuses | acoustic sensors in water mains | find leaks before streets flood; cut the water lost between plant and tap | waiting for a burst main | Water utilities lose a large share of treated water through leaks they cannot see. | Leak detection ~ Listens to water mains at night and pinpoints new leaks.; Repair planning ~ Ranks leaks by water lost and repair cost.
offer: supplier emissions reporting tool | procurement teams at retailers; consumer goods makers | a shared portal with checks on every submission | collect supplier emissions data without chasing; compare suppliers on real data | supplier surveys nobody answers | Most of a company's emissions sit with its suppliers, who receive dozens of different surveys. | Supplier data collection ~ Requests, checks and reminds suppliers to share their emissions.; Supplier scorecards ~ Ranks suppliers by emissions and progress.
offer: industrial water recycling unit | breweries and food plants; textile mills | membrane filtration | reuse most of their process water; cut wastewater charges | single-use water and discharge fees | Factories pay twice for water, once to draw it and once to discharge it, and droughts now limit both. | Process water reuse ~ Treats wastewater for reuse in cleaning and cooling.; Discharge compliance ~ Keeps discharge within permit limits.`,

  Biotechnology: `
label: biotech
suffixes: Bio | Therapeutics | Genomics | Biosciences
related: Healthcare | Science | Agriculture
founders: molecular biologists | former pharma researchers | bioprocess engineers
proofs: It works with {n} partners in industry and academia. | Its first studies ran in {country}. | {n} programs have used it so far.
timing: Machine learning and cheaper sequencing have cut the cost of early discovery dramatically. | Regulators have created faster paths for new diagnostics and fermentation-made foods.
integrations: lab information systems | electronic health records | bioreactor controllers
units: per program | per test
compliance: GMP and IVDR
offer: protein design platform | drug discovery teams; enzyme makers | machine-learning protein models | design binders in weeks instead of years; test far fewer candidates in the lab | years of trial-and-error screening | Developing a new drug takes more than a decade and most candidates fail late, after most of the money is spent. | Binder design ~ Proposes protein candidates for a target and ranks them before synthesis.; Enzyme optimization ~ Suggests mutations that make an enzyme more stable or active.
offer: rapid diagnostic test | hospital laboratories; emergency departments | a cartridge that reads pathogen DNA directly from a sample | diagnose infections in under an hour; prescribe the right antibiotic the first time | lab cultures that take days | Doctors prescribe antibiotics before they know what the infection is, because tests take days. | Rapid diagnosis ~ Identifies the pathogen and its resistance from a sample in under an hour.; Antibiotic stewardship ~ Helps hospitals switch patients to the right drug sooner.
offer: cell therapy manufacturing system | cell therapy developers; academic hospitals | closed automated bioreactors | make cell therapies at a fraction of today's cost; treat more patients from one facility | manual clean-room processes | Cell therapies work, but each dose is made by hand in clean rooms and costs hundreds of thousands. | Automated manufacturing ~ Runs cell therapy production in a closed system with fewer operators.; Batch records ~ Records every step for release and audits.
offer: microbial fertilizer | arable farmers; fertilizer distributors | engineered soil microbes that fix nitrogen | replace some synthetic fertilizer; cut fertilizer costs without losing yield | synthetic nitrogen fertilizer | Synthetic fertilizer is expensive, energy-hungry and much of it washes away. | Nitrogen supply ~ Microbes on the seed feed the crop through the season.; Field trials ~ Runs side-by-side trials with the farmer's own practice.
offer: precision fermentation process | food manufacturers; dairy alternative brands | fermentation at industrial scale | produce dairy proteins without cows; secure supply of key ingredients | animal-based ingredients with volatile prices | Food makers want animal proteins without the cost, emissions and supply swings of livestock. | Alternative proteins ~ Produces dairy and egg proteins by fermentation.; Ingredient supply ~ Supplies consistent ingredients under long-term contracts.`,

  Healthcare: `
label: healthcare
suffixes: Health | Care | Med | Clinic
related: Biotechnology | AI | Software
founders: doctors | nurses | former hospital managers
proofs: It is used by {n} care teams. | {n} clinics in {country} work with it. | Care teams using it report hours saved every week.
timing: Health systems now pay for remote monitoring and virtual care, which makes it a business rather than a pilot. | Staff shortages mean every hour saved for a nurse or doctor counts.
integrations: electronic health records | practice management systems | lab systems
units: per patient per month | per clinician
compliance: GDPR, HIPAA and medical device rules
offer: remote patient monitoring service | rural clinics; cardiology practices | connected blood-pressure cuffs and scales | catch worsening patients between visits; keep heart failure patients out of hospital | phone calls and paper diaries | Chronic patients are seen every few months, and problems that build up in between end up in the emergency room. | Hypertension monitoring ~ Patients measure at home and nurses see who needs a call.; Heart failure follow-up ~ Flags weight gain that signals fluid build-up.
offer: clinic scheduling app | GP practices; dental clinics | automated reminders and smart waitlists | fill cancelled appointments automatically; cut no-shows by half | a receptionist and a paper diary | Clinics lose hours every week to no-shows and phone calls while patients wait weeks for an appointment. | Appointment recovery ~ Offers cancelled slots to patients on the waitlist.; Online booking ~ Lets patients book and change appointments themselves.
offer: mental health therapy platform | employers offering mental health benefits; university students | video therapy with licensed clinicians | see a therapist within a week; get support in their own language | months-long waiting lists | People who need therapy wait months, and many give up before their first session. | Therapy matching ~ Matches each person with a therapist who fits their needs and language.; Employer programs ~ Gives employees confidential access as a benefit.
offer: AI radiology assistant | radiology departments; imaging centers | image models cleared for clinical use | read scans faster without missing findings; put urgent cases first | double reading every scan by hand | Scan volumes grow every year while the number of radiologists does not. | Scan triage ~ Moves urgent findings to the top of the radiologist's list.; Follow-up tracking ~ Makes sure recommended follow-up scans are booked.
offer: home care coordination tool | home care agencies; community nursing teams | shared care plans on the nurse's phone | plan visits around each patient's needs; keep families informed after every visit | paper folders in the patient's home | Home care visits are planned on spreadsheets, and information about a patient rarely reaches the next carer. | Visit planning ~ Plans carers' routes and visits around skills and continuity.; Family updates ~ Shares a short note with the family after each visit.`,

  FinTech: `
label: fintech
suffixes: Pay | Ledger | Money | Finance
related: Software | E-commerce | Web3
founders: former bankers | payments engineers | finance leads from fast-growing companies
proofs: It serves {n} businesses. | {n} companies in {country} use it every month. | Customers report closing their books several days faster.
timing: Open banking and instant payment rails now let software see and move money directly, with the customer's consent. | Higher interest rates have made cash management a priority for companies that ignored it for a decade.
integrations: accounting software | banks through open banking | ERP systems
units: per transaction | per active user
compliance: PSD2, PCI DSS and local licensing
offer: cross-border payments app | small importers; online sellers | local payment rails in each country | pay suppliers abroad without losing on fees; receive payments from customers abroad in days | bank wires that take a week | Small businesses lose a few percent on every international payment, and wires take days to arrive. | Supplier payments ~ Pays international suppliers in their currency at a transparent rate.; Multi-currency accounts ~ Holds and receives money in several currencies.
offer: invoice financing platform | small manufacturers; staffing agencies | open-banking data and invoice verification | get paid in days instead of months; fund growth without giving up equity | factoring companies with hidden fees | Small businesses wait sixty days or more to be paid, and the cash gap decides whether they can take the next order. | Invoice financing ~ Advances cash against approved invoices within a day.; Cash forecasting ~ Shows the cash position weeks ahead.
offer: spend management card | finance teams at scale-ups; hospitality groups | virtual cards with limits per team and supplier | see every company payment in one place; stop chasing receipts | shared cards and expense spreadsheets | Finance teams learn about spending weeks after it happens and spend days chasing receipts. | Spend control ~ Issues cards with limits per team and collects receipts automatically.; Subscription tracking ~ Lists every software subscription and its owner.
offer: treasury management tool | finance teams at mid-sized companies; groups with many subsidiaries | real-time bank balances across every account | know their real cash position every day; earn interest on idle cash | spreadsheets updated once a month | Companies with many accounts and currencies do not know their cash position until month end. | Cash visibility ~ Shows balances across banks and entities in one view.; Month-end close ~ Matches bank transactions to invoices and flags the exceptions.
offer: alternative credit scoring engine | lenders in emerging markets; credit unions | alternative data such as mobile payments and rent history | give borrowers with no credit history a fair score; lend to new customers without higher losses | credit bureaus that know nothing about young borrowers | Millions of people and small firms have no credit history, so lenders either refuse them or charge them too much. | Credit decisions ~ Scores applicants in seconds from data they choose to share.; Portfolio monitoring ~ Warns lenders early when borrowers start to struggle.`,

  "VC & Investment": `
label: investment tech
suffixes: Invest | Wealth | Assets
related: FinTech | Software | Analytics
founders: former fund managers | venture capital analysts | wealth advisers
proofs: {n} customers use it every month. | Investors in {country} were its first users. | Customers report hours of administration saved every week.
timing: The number of small and first-time funds has grown fast, and they want software rather than costly administrators. | Regulators have opened new structures for private share trading and retail investing.
integrations: fund accounting systems | CRM systems | bank feeds
units: per fund | per portfolio company
compliance: AIFMD and KYC rules
offer: fund administration platform | emerging fund managers; angel syndicates | automated capital calls and investor reports | run a fund without a back office; close a new fund in weeks | spreadsheets and email attachments | Running a small fund involves the same administration as a large one, and it eats the time partners should spend with founders. | Capital calls ~ Prepares, sends and tracks capital calls and distributions.; Investor reports ~ Produces quarterly reports from the fund's own data.
offer: deal-flow management tool | venture capital firms; corporate venture teams | AI-assisted screening of inbound decks | see every deal in one pipeline; answer founders within a week | inboxes full of unread decks | Funds receive thousands of decks a year and lose track of the promising ones. | Deal pipeline ~ Collects inbound deals, notes and decisions in one shared view.; First screening ~ Summarizes each deck against the fund's criteria.
offer: portfolio monitoring service | family offices; fund-of-funds managers | standardized reporting from portfolio companies | collect portfolio KPIs without chasing founders; spot struggling companies early | quarterly PDF reports | Investors collect numbers from dozens of companies in dozens of formats, months late. | Portfolio reporting ~ Collects KPIs from founders on a schedule and builds LP reports.; Early warnings ~ Flags companies whose runway or growth is slipping.
offer: index fund investing app | first-time retail investors; young professionals | fractional shares and automatic monthly plans | start investing with small monthly amounts; build a long-term portfolio without fees eating returns | savings accounts that lose to inflation | Many young people keep their savings in cash because investing looks complicated and expensive. | Monthly plans ~ Invests a fixed amount every month across index funds.; Goal tracking ~ Shows progress toward goals such as a home deposit.
offer: private share marketplace | employees holding stock options; startup finance teams | a regulated venue for tender offers and share sales | sell vested shares before an exit; run a tender offer without a bank | no way to sell before an IPO | Employees of private companies hold valuable shares they cannot sell for years. | Employee liquidity ~ Runs tender offers for employees' vested shares.; Cap table sync ~ Keeps the cap table up to date after each sale.`,
};
