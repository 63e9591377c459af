// The other demo guides: real cities and plausible real coordinates near their centres;
// every artwork, artist and story on them is fictional.

// `flags`: POI fields beyond the texts (hide_map, hide_directions), so the demo shows them.
const P = (title, subtitle, text, flags = {}) => ({ title, subtitle, text, ...flags });

export const guides = [
  {
    token: 'pearl-district-murals',
    title: 'Pearl District Murals',
    city: ['Portland', 'Oregon'],
    at: [45.5265, -122.6825],
    color: 'db2777',
    map_type: 'roadmap',
    intro:
      'Big colourful walls between old warehouses and new lofts: a short loop of imagined murals.',
    pois: [
      P(
        'Morning Market',
        'Mural, 2018',
        'A wall-sized painting of a busy morning market, with every vendor painted as a different bird. The painter hid her own cat among the crates.',
      ),
      P(
        'Loading Dock Blues',
        'Mural, 2020',
        'Deep blues and ochres wrap around an old loading dock. The shapes echo the crates that once stood stacked here.',
      ),
      P(
        'Nine Bicycles',
        'Mural, 2021',
        'Nine life-size bicycles painted in perspective seem to ride off the wall. Stand on the painted mark on the pavement to see them line up.',
      ),
      P(
        'Night Shift',
        'Mural, 2022',
        'A quiet scene of night workers under street lamps, painted entirely in shades of violet. It glows strangely at dusk.',
      ),
    ],
  },
  {
    token: 'portland-fountain-stroll',
    title: 'Fountain Stroll',
    city: ['Portland', 'Oregon'],
    at: [45.5155, -122.6793],
    color: '0891b2',
    map_type: 'default',
    intro:
      'Three stops of water and stone in the downtown blocks: imagined fountains to cool off by.',
    pois: [
      P(
        'Step Falls',
        'Fountain, 2012',
        'Water tumbles down a staircase of granite blocks you are welcome to climb. The sound drowns out the traffic completely.',
      ),
      P(
        'Copper Bowl',
        'Fountain, 2015',
        'A shallow copper bowl, green with age, overflows evenly on every side. Children float leaves across it.',
        // Two steps from the previous stop: directions would only send visitors round the block.
        { hide_directions: true },
      ),
      P(
        'Mist Garden',
        'Fountain, 2019',
        'Fine jets of mist drift through a small garden of ferns. On sunny afternoons the mist makes tiny rainbows.',
        // A courtyard garden with its gate on the next street: no pin, so no one looks for it
        // from the wrong side.
        { hide_map: true },
      ),
    ],
  },
  {
    token: 'portland-old-town-stories',
    title: 'Old Town Stories',
    city: ['Portland', 'Oregon'],
    at: [45.5237, -122.673],
    color: 'a16207',
    map_type: 'terrain',
    coming_soon: true,
    intro: 'Imagined voices from the old streets near the river. Coming soon.',
    pois: [
      P(
        'The Cobbler’s Window',
        'Story stop',
        'An invented cobbler tells how he watched the street change from his workshop window over forty years.',
      ),
      P(
        'Lantern Alley',
        'Story stop',
        'A narrow passage where, in this story, neighbours hung lanterns every New Year.',
      ),
      P(
        'Dockside Steps',
        'Story stop',
        'A fictional ferry hand remembers the crowds on these steps on a summer morning.',
      ),
    ],
  },
  {
    token: 'seattle-waterfront-art',
    title: 'Waterfront Art Walk',
    city: ['Seattle', 'Washington'],
    at: [47.6062, -122.3421],
    color: '0f766e',
    map_type: 'hybrid',
    intro: 'Salt air, ferries and four imagined artworks facing Elliott Bay.',
    pois: [
      P(
        'Ferry Wake',
        'Glass, 2017',
        'A long ribbon of green glass traces the wake of a ferry leaving the pier. Morning light turns it emerald.',
      ),
      P(
        'Gull Parliament',
        'Bronze, 2013',
        'Twelve bronze gulls argue on a railing. Real gulls often join the debate.',
      ),
      P(
        'Tide Clock',
        'Steel, 2019',
        'A giant clock face with a single hand that follows the tide instead of the hour.',
      ),
      P(
        'Net Menders',
        'Bronze, 2011',
        'Two seated figures mend a fishing net that spills over the edge of the plinth.',
      ),
    ],
  },
  {
    token: 'seattle-hillside-sculptures',
    title: 'Hillside Sculptures',
    city: ['Seattle', 'Washington'],
    at: [47.6205, -122.3493],
    color: '4d7c0f',
    map_type: 'satellite',
    intro: 'A short climb with imagined sculptures and long views over the water.',
    pois: [
      P(
        'The Climber',
        'Steel, 2016',
        'A stick-thin figure climbs a tall steel pole, halfway to the sky. The artist says he will never arrive.',
      ),
      P(
        'Cloud Catcher',
        'Aluminium, 2018',
        'A ring of polished aluminium frames a piece of sky. Stand in the marked spot and the clouds pass through it.',
      ),
      P(
        'Moss Chair',
        'Stone and moss, 2020',
        'A stone armchair slowly being claimed by moss. You may sit in it, gently.',
      ),
    ],
  },
  {
    token: 'seattle-neighborhood-history',
    title: 'Neighbourhood Histories',
    city: ['Seattle', 'Washington'],
    at: [47.5987, -122.3265],
    color: '9a3412',
    map_type: 'roadmap',
    intro: 'Three imagined neighbours share stories of the streets around them.',
    pois: [
      P(
        'Corner Grocer',
        'Story stop',
        'An invented grocer recalls the regulars who came in every morning for bread and news.',
      ),
      P(
        'Music Hall Steps',
        'Story stop',
        'A fictional pianist describes the night the whole street danced on these steps.',
      ),
      P(
        'Railway Bridge View',
        'Story stop',
        'From here an imagined signalman watched the trains for thirty years.',
      ),
    ],
  },
  {
    token: 'spokane-falls-walk',
    title: 'Falls Park Sound Walk',
    city: ['Spokane', 'Washington'],
    at: [47.6606, -117.4235],
    color: '1e40af',
    map_type: 'hybrid',
    intro: 'Listen to the river falls through four imagined sound pieces.',
    pois: [
      P(
        'Roar Chamber',
        'Sound piece, 2019',
        'A small concrete room focuses the roar of the falls into a deep hum.',
      ),
      P(
        'Stone Drum',
        'Granite, 2015',
        'A hollow granite drum that resonates when the river is high.',
      ),
      P(
        'Spray Harp',
        'Steel wire, 2021',
        'Taut wires strung across a railing sing faintly in the wind and spray.',
      ),
      P(
        'Quiet Garden',
        'Garden, 2018',
        'Behind a curved wall the falls go almost silent. A place to rest.',
      ),
    ],
  },
  {
    token: 'sf-mission-murals',
    title: 'Mission Mural Alleys',
    city: ['San Francisco', 'California'],
    at: [37.7599, -122.4148],
    color: 'e11d48',
    map_type: 'roadmap',
    intro: 'Narrow alleys covered floor to roof in imagined murals.',
    pois: [
      P(
        'Grandmother’s Kitchen',
        'Mural, 2014',
        'A warm kitchen scene stretches the length of a garage door. Every pot has a story painted inside it.',
      ),
      P(
        'Sun Dancers',
        'Mural, 2017',
        'Dancers in orange and gold whirl around a painted sun that rises above the rooftops.',
      ),
      P(
        'The Long Table',
        'Mural, 2021',
        'A family table that seems to continue into the next alley, set for a hundred guests.',
      ),
    ],
  },
  {
    token: 'sf-bayfront-sculpture',
    title: 'Bayfront Sculpture Trail',
    city: ['San Francisco', 'California'],
    at: [37.7955, -122.3937],
    color: '0369a1',
    map_type: 'hybrid',
    intro: 'Wind, water and four imagined sculptures along the bay.',
    pois: [
      P(
        'Wind Reader',
        'Steel, 2016',
        'A slender vane of steel turns to face every gust. Its shadow writes on the pavement.',
      ),
      P(
        'Pier Giant',
        'Timber, 2019',
        'A reclining timber figure made from old pier pilings gazes at the bay.',
      ),
      P(
        'Fog Bell',
        'Bronze, 2012',
        'A bronze bell rung only by the wind. Locals say it rings loudest before the fog.',
      ),
      P(
        'Salt Garden',
        'Glass, 2022',
        'Glass crystals grow from a low wall like frost, catching the bay light.',
      ),
    ],
  },
  {
    token: 'sf-hilltop-stairs',
    title: 'Hilltop Stairways',
    city: ['San Francisco', 'California'],
    at: [37.8024, -122.4058],
    color: '15803d',
    map_type: 'terrain',
    intro: 'Gardens and views on the city’s steep stairways, with imagined art on the landings.',
    pois: [
      P(
        'First Landing',
        'Tile mosaic, 2013',
        'Hand-made tiles show the flowers planted by neighbours along the stairs.',
      ),
      P(
        'Parrot Lookout',
        'Bronze, 2018',
        'A bronze parrot on a railing looks down over the roofs toward the bay.',
      ),
      P(
        'Top of the Steps',
        'Bench, 2020',
        'A curved wooden bench for catching your breath and the view.',
      ),
    ],
  },
  {
    token: 'la-downtown-art-deco',
    title: 'Downtown Deco Details',
    city: ['Los Angeles', 'California'],
    at: [34.0505, -118.2551],
    color: 'b45309',
    map_type: 'roadmap',
    intro: 'Look up: imagined doorways, clocks and lamps in a decorative style.',
    pois: [
      P(
        'Sunburst Door',
        'Metalwork, 2015',
        'A doorway crowned with a fan of brass rays, polished each week by a proud doorman.',
      ),
      P(
        'Zigzag Clock',
        'Metalwork, 2017',
        'A clock whose numbers zigzag down the face. It has never been on time.',
      ),
      P('Lamp of Waves', 'Glass, 2019', 'A street lamp with glass shaped like breaking waves.'),
      P(
        'Elevator Hall',
        'Interior, 2021',
        'A gleaming imagined lobby of black marble and gold lines.',
      ),
    ],
  },
  {
    token: 'la-arts-district-walls',
    title: 'Arts District Walls',
    city: ['Los Angeles', 'California'],
    at: [34.0407, -118.2331],
    color: '7c3aed',
    map_type: 'default',
    intro: 'Warehouse walls as canvases: three imagined pieces in the Arts District.',
    pois: [
      P(
        'Palm Shadows',
        'Mural, 2016',
        'Tall palm trees painted only as shadows, so the wall seems lit by a sun behind you.',
      ),
      P(
        'Hummingbird Wall',
        'Mural, 2019',
        'A single hummingbird, forty feet wide, hovers over a loading bay.',
      ),
      P('Freeway Song', 'Mural, 2022', 'Bands of colour that echo the lights of traffic at night.'),
    ],
  },
  {
    token: 'sacramento-capitol-park',
    title: 'Capitol Park Trees and Tales',
    city: ['Sacramento', 'California'],
    at: [38.5762, -121.4934],
    color: '166534',
    map_type: 'satellite',
    intro: 'Shady paths and imagined stories beneath big old trees.',
    pois: [
      P(
        'The Reading Oak',
        'Story stop',
        'In this story, a librarian read aloud under this tree every summer Saturday.',
      ),
      P(
        'Rose Path',
        'Garden stop',
        'A path of roses planted, in our tale, by a gardener for each of her grandchildren.',
      ),
      P(
        'Squirrel Court',
        'Sculpture, 2018',
        'Small bronze squirrels chase each other around a low stone circle.',
      ),
    ],
  },
  {
    token: 'austin-congress-avenue',
    title: 'Congress Avenue Art',
    city: ['Austin', 'Texas'],
    at: [30.2672, -97.7431],
    color: 'ea580c',
    map_type: 'roadmap',
    intro: 'Four imagined artworks on the walk up to the capitol.',
    pois: [
      P(
        'Bat Cloud',
        'Steel, 2018',
        'Hundreds of small steel bats swirl up a pole in a dark cloud.',
      ),
      P('Guitar Gate', 'Painted steel, 2016', 'A gateway of giant guitar necks leaning together.'),
      P(
        'Limestone Bench',
        'Limestone, 2020',
        'A long bench carved with fossils, some real and some invented.',
      ),
      P(
        'Sky Lanterns',
        'Glass, 2022',
        'Coloured glass lanterns hang from a steel arch and glow at night.',
      ),
    ],
  },
  {
    token: 'austin-lady-bird-lake',
    title: 'Lakeside Sculpture Loop',
    city: ['Austin', 'Texas'],
    at: [30.2638, -97.7509],
    color: '0e7490',
    map_type: 'hybrid',
    intro: 'An easy shaded loop by the lake with imagined sculptures.',
    pois: [
      P('Turtle Stones', 'Granite, 2015', 'Smooth granite turtles sunbathe along the shore.'),
      P('Rower', 'Bronze, 2017', 'A bronze rower in mid-stroke, pulling toward the bridge.'),
      P('Heron Gate', 'Steel, 2021', 'Two steel herons form an arch over the trail.'),
    ],
  },
  {
    token: 'austin-east-side-murals',
    title: 'East Side Murals',
    city: ['Austin', 'Texas'],
    at: [30.2625, -97.7275],
    color: 'be123c',
    map_type: 'default',
    intro: 'Bright walls on the east side: three imagined murals.',
    pois: [
      P(
        'Taco Constellation',
        'Mural, 2019',
        'A night sky where every star is a tiny painted taco.',
      ),
      P(
        'Grandpa’s Radio',
        'Mural, 2017',
        'An old radio painted ten feet tall, with musicians climbing out of the speaker.',
      ),
      P(
        'Wildflower Wall',
        'Mural, 2021',
        'Bluebonnets and firewheels rolling across a whole block.',
      ),
    ],
  },
  {
    token: 'san-antonio-river-walk',
    title: 'River Walk Reflections',
    city: ['San Antonio', 'Texas'],
    at: [29.4241, -98.4936],
    color: '0d9488',
    map_type: 'hybrid',
    intro: 'Imagined artworks that play with reflections in the river.',
    pois: [
      P('Mirror Boat', 'Steel, 2018', 'A polished boat that seems to vanish into its reflection.'),
      P(
        'Papel Picado Bridge',
        'Painted steel, 2016',
        'Cut-steel banners in bright colours arch over a footbridge.',
      ),
      P(
        'Cypress Voices',
        'Sound piece, 2020',
        'Speakers in the cypress roots whisper stories in two languages.',
      ),
      P(
        'Lantern Steps',
        'Glass, 2022',
        'Glass lanterns set into the steps light up as you walk down.',
      ),
    ],
  },
  {
    token: 'san-antonio-plaza-history',
    title: 'Plaza Histories',
    city: ['San Antonio', 'Texas'],
    at: [29.4253, -98.4946],
    color: '92400e',
    map_type: 'terrain',
    intro: 'Imagined voices from the plazas and markets.',
    pois: [
      P(
        'Market Morning',
        'Story stop',
        'A fictional fruit seller describes the plaza waking up at dawn.',
      ),
      P('Bandstand', 'Story stop', 'An invented trumpeter remembers Sunday concerts here.'),
      P(
        'Well of Wishes',
        'Story stop',
        'In this tale, children dropped ribbons, not coins, into this well.',
      ),
    ],
  },
  {
    token: 'chicago-riverwalk-sculpture',
    title: 'Riverwalk Sculpture Tour',
    city: ['Chicago', 'Illinois'],
    at: [41.8878, -87.6261],
    color: 'b91c1c',
    map_type: 'hybrid',
    intro: 'Four imagined sculptures between the bridges of the river.',
    pois: [
      P('Bascule', 'Steel, 2017', 'Two steel leaves rise like a bridge opening, frozen halfway.'),
      P(
        'River Skaters',
        'Bronze, 2014',
        'A pair of bronze skaters glide along the embankment wall.',
      ),
      P(
        'Dye Green',
        'Glass, 2020',
        'Green glass panels that turn the river light a vivid emerald.',
      ),
      P('Anchor Seat', 'Iron, 2012', 'An iron anchor bent into a seat for two.'),
    ],
  },
  {
    token: 'chicago-loop-architecture',
    title: 'Loop Architecture Details',
    city: ['Chicago', 'Illinois'],
    at: [41.8819, -87.6278],
    color: '374151',
    map_type: 'roadmap',
    intro: 'Look closely at imagined carvings, lamps and doorways in the Loop.',
    pois: [
      P('Terracotta Owls', 'Carving', 'Rows of terracotta owls watch the street from a cornice.'),
      P('Revolving Door', 'Bronze', 'A bronze revolving door engraved with the four seasons.'),
      P('Lobby Ceiling', 'Mosaic', 'A glittering mosaic ceiling of a lake storm.'),
    ],
  },
  {
    token: 'chicago-lakefront-trail',
    title: 'Lakefront Trail Art',
    city: ['Chicago', 'Illinois'],
    at: [41.8906, -87.6084],
    color: '1d4ed8',
    map_type: 'satellite',
    coming_soon: true,
    intro: 'A breezy trail of imagined art along the lake. Coming soon.',
    pois: [
      P('Wave Benches', 'Concrete, 2018', 'Benches shaped like frozen waves.'),
      P(
        'Lighthouse Keeper',
        'Bronze, 2016',
        'A bronze keeper looks out for ships that no longer come.',
      ),
      P('Sand Clock', 'Steel, 2021', 'An hourglass as tall as a person, turned once a day.'),
    ],
  },
  {
    token: 'denver-union-station-art',
    title: 'Union Station Art Walk',
    city: ['Denver', 'Colorado'],
    at: [39.7527, -105.0002],
    color: 'c2410c',
    map_type: 'roadmap',
    intro: 'Imagined art around the old railway station and its plazas.',
    pois: [
      P(
        'Timetable',
        'Steel, 2016',
        'A wall of steel letters listing trains to places that never existed.',
      ),
      P(
        'Mountain Bench',
        'Granite, 2018',
        'A bench whose back traces the skyline of the mountains to the west.',
      ),
      P(
        'Suitcase Stack',
        'Bronze, 2020',
        'A tower of bronze suitcases, each engraved with a traveller’s initials.',
      ),
    ],
  },
  {
    token: 'denver-civic-center-stroll',
    title: 'Civic Center Stroll',
    city: ['Denver', 'Colorado'],
    at: [39.7392, -104.9903],
    color: '4338ca',
    map_type: 'terrain',
    intro: 'Four imagined artworks in the civic gardens.',
    pois: [
      P(
        'Mile Marker',
        'Brass, 2015',
        'A brass strip in the ground marks an imagined line exactly one mile high.',
      ),
      P(
        'Aspen Grove',
        'Steel, 2019',
        'Steel aspens with leaves that tremble in the lightest wind.',
      ),
      P('Sun Dial Plaza', 'Stone, 2012', 'A plaza-sized sundial where you are the pointer.'),
      P(
        'Snow Lanterns',
        'Glass, 2022',
        'Frosted glass lanterns that glow blue on winter evenings.',
      ),
    ],
  },
  {
    token: 'boston-harborwalk',
    title: 'Harborwalk Sculptures',
    city: ['Boston', 'Massachusetts'],
    at: [42.3601, -71.0509],
    color: '1e3a8a',
    map_type: 'hybrid',
    intro: 'Salt wind and imagined sculptures along the harbour.',
    pois: [
      P('Rope Knot', 'Bronze, 2014', 'A giant bronze sailor’s knot that children climb through.'),
      P('Whale Tail', 'Steel, 2017', 'A steel whale tail dives into the paving stones.'),
      P('Harbor Chimes', 'Sound piece, 2020', 'Chimes tuned to the notes of ships’ horns.'),
    ],
  },
  {
    token: 'boston-brick-lanes',
    title: 'Brick Lanes and Lamps',
    city: ['Boston', 'Massachusetts'],
    at: [42.3588, -71.0707],
    color: '7f1d1d',
    map_type: 'roadmap',
    intro: 'Gas lamps, brick lanes and imagined stories on a historic hill.',
    pois: [
      P(
        'Lamplighter',
        'Story stop',
        'A fictional lamplighter describes his evening round of these lanes.',
      ),
      P(
        'Blue Door',
        'Story stop',
        'In this story, the blue door was painted by a sailor’s daughter.',
      ),
      P(
        'Cobbled Corner',
        'Story stop',
        'An invented postman counts the cobbles he has walked over.',
      ),
      P(
        'Hidden Garden',
        'Story stop',
        'A garden behind a wall where, in our tale, neighbours trade seeds each spring.',
      ),
    ],
  },
];
