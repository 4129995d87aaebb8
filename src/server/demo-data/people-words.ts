import { words } from "./word-list.ts";

/** Word lists for demo accounts: an international mix, as a learning platform's sign-ups would be. */

export const firstNames = words(`
  Ada, Adrian, Aisha, Alejandro, Alex, Alice, Amara, Amelie, Amir, Ana, Andrea, Anna, Anton, Arjun,
  Astrid, Ben, Bianca, Bjorn, Carla, Carlos, Chen, Chloe, Clara, Daniel, Daria, David, Diego, Dmitri,
  Elena, Elif, Elias, Emil, Emily, Emma, Eric, Fatima, Felix, Finn, Freya, Gabriel, Grace, Hana,
  Hannah, Hassan, Helena, Hiro, Ines, Isabel, Ivan, Jakob, Jana, Javier, Jonas, Julia, Jun, Kai,
  Karin, Katarzyna, Kenji, Lara, Lea, Leon, Liam, Lina, Luca, Lucas, Luisa, Maja, Malik, Marco,
  Maria, Marie, Mateo, Max, Maya, Mei, Mia, Mila, Mohammed, Nadia, Nico, Nina, Noah, Nora, Olga,
  Oliver, Omar, Oskar, Paul, Paula, Pedro, Priya, Rafael, Rahul, Rania, Robin, Rosa, Sam, Samira,
  Sara, Sebastian, Simon, Sofia, Sophie, Stefan, Tarek, Theo, Tobias, Tom, Valentina, Victor, Yara,
  Yusuf, Zoe, Zeynep
`);

export const lastNames = words(`
  Abbasi, Andersen, Bauer, Becker, Bianchi, Brandt, Braun, Castro, Chen, Costa, Dubois, Eriksson,
  Fischer, Fernandez, Garcia, Gomez, Hansen, Hartmann, Hoffmann, Horvath, Ito, Jansen, Jovanovic,
  Kaya, Keller, Khan, Kim, Klein, Koch, Kowalski, Kruger, Lang, Larsen, Lehmann, Lopez, Ludwig,
  Marino, Martin, Meyer, Moreau, Muller, Nakamura, Neumann, Nguyen, Novak, Oliveira, Ozturk, Patel,
  Peters, Petrov, Popescu, Ramos, Richter, Rossi, Sato, Schmidt, Schneider, Schreiber, Schulz, Silva,
  Singh, Sommer, Suzuki, Tanaka, Vogel, Wagner, Walter, Weber, Werner, Wolf, Yilmaz, Zhang,
  Zimmermann
`);

/** Words for gamer-style nicknames ("QuietFalcon", "byte_wizard"). */
export const nicknameAdjectives = words(`
  quiet, brave, lucky, clever, rapid, silent, cosmic, pixel, binary, crimson, golden, lazy, mighty,
  nimble, sleepy, stellar, turbo, wild, frozen, hidden
`);

export const nicknameNouns = words(`
  falcon, coder, wizard, otter, panda, ninja, byte, fox, owl, tiger, comet, lambda, kernel, hacker,
  pilot, raven, whale, dragon, robot, monk
`);

/** Reserved example domains (RFC 2606 / 6761): realistic to read, never anyone's real inbox. */
export const emailDomains = words(`
  example.com, example.org, example.net, mail.example, inbox.example, post.example,
  uni-campus.example, webmail.example
`);

export const places = [
  ["Berlin", "Germany"],
  ["Hamburg", "Germany"],
  ["Munich", "Germany"],
  ["Cologne", "Germany"],
  ["Leipzig", "Germany"],
  ["Vienna", "Austria"],
  ["Zurich", "Switzerland"],
  ["Amsterdam", "Netherlands"],
  ["Paris", "France"],
  ["Lyon", "France"],
  ["Madrid", "Spain"],
  ["Barcelona", "Spain"],
  ["Lisbon", "Portugal"],
  ["Milan", "Italy"],
  ["Rome", "Italy"],
  ["Warsaw", "Poland"],
  ["Prague", "Czechia"],
  ["Stockholm", "Sweden"],
  ["Copenhagen", "Denmark"],
  ["Oslo", "Norway"],
  ["Helsinki", "Finland"],
  ["Dublin", "Ireland"],
  ["London", "United Kingdom"],
  ["Manchester", "United Kingdom"],
  ["Istanbul", "Turkey"],
  ["Athens", "Greece"],
  ["Bucharest", "Romania"],
  ["Belgrade", "Serbia"],
  ["New York", "United States"],
  ["San Francisco", "United States"],
  ["Austin", "United States"],
  ["Toronto", "Canada"],
  ["Mexico City", "Mexico"],
  ["Sao Paulo", "Brazil"],
  ["Buenos Aires", "Argentina"],
  ["Lagos", "Nigeria"],
  ["Nairobi", "Kenya"],
  ["Cairo", "Egypt"],
  ["Bangalore", "India"],
  ["Mumbai", "India"],
  ["Singapore", "Singapore"],
  ["Tokyo", "Japan"],
  ["Seoul", "South Korea"],
  ["Shanghai", "China"],
  ["Sydney", "Australia"],
] as const;

export const interestTags = words(`
  python, javascript, typescript, rust, go, java, react, vue, linux, docker, kubernetes, sql,
  machine-learning, security, ctf, gamedev, ui-design, open-source, algorithms, data-viz, cloud,
  embedded, mobile, career-change, student
`);

export const bios = [
  "Self-taught developer, learning one challenge a day.",
  "Computer science student who likes puzzles more than lectures.",
  "Switching careers from accounting to software engineering.",
  "Backend developer brushing up on algorithms before interviews.",
  "Hobby game developer; here for the coding challenges.",
  "Data analyst moving into machine learning.",
  "Designer learning to code the things I draw.",
  "Linux enthusiast and home-lab tinkerer.",
  "Teacher preparing material for my programming club.",
  "Junior web developer, collecting Morphcoins for the next course.",
  "Security researcher in training, CTF player on weekends.",
  "Retired engineer keeping the brain busy.",
];

/** What a coin ledger says, by the kind of movement. */
export const coinCredits = words(`
  Task reward, Challenge completed, Daily streak bonus, Welcome bonus, Referral bonus,
  Course completion reward
`);

export const coinDebits = words("Task unlock fee, Course purchase, Hint purchase, Profile badge");
