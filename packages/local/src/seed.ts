import { ArticleChanges } from "@codcrm/core/article/article-changes";
import type { ArticleInput } from "@codcrm/core/article/article-schema";
import { ArticleService } from "@codcrm/core/article/article-service";
import { BUILT_IN_CATEGORIES } from "@codcrm/core/article/categories";
import type { ArticleRepository } from "@codcrm/core/db/article-repository";
import type { MediaRecords } from "@codcrm/core/media/media-records";
import { noCdn } from "@codcrm/core/web/cdn-invalidation";
import type { Language } from "@codcrm/core/site/languages";

const DAY = 24 * 60 * 60 * 1000;

/** Built-in categories by id, as an article's input names them. */
function builtIn(...ids: string[]): ArticleInput["categories"] {
  return ids.map((id) => {
    const category = BUILT_IN_CATEGORIES.find((builtIn) => builtIn.id === id);
    if (!category) throw new Error(`${id} is not a built-in category`);
    return { id: category.id, name: category.name };
  });
}

/** A version of a seed article in another language, written for its readers rather than translated word for word. */
interface SeedTranslation {
  language: Exclude<Language, "es">;
  /** Days after the original: translations are published a little later. */
  daysLater: number;
  title: string;
  excerpt: string;
  content: string;
}

interface SeedArticle extends Omit<ArticleInput, "language" | "translationOf"> {
  daysAgo: number;
  /** Days after its publication that the article was revised (its page then says "Updated on"). */
  revisedDaysLater?: number;
  /** Spanish unless said otherwise. */
  language?: Language;
  translations?: SeedTranslation[];
}

/**
 * Demo content for a fresh local store: six published Spanish articles and one draft; three of
 * them also in English and European Portuguese, and one article only in English
 * (docs/decisions/0050-multilingual-articles.md).
 */
export const SEED_ARTICLES: SeedArticle[] = [
  {
    daysAgo: 3,
    title: "Cómo reducir las devoluciones en envíos contra reembolso",
    excerpt:
      "Las devoluciones son el mayor coste oculto del contra reembolso. Te contamos cinco prácticas que aplican las tiendas que menos pedidos pierden en la entrega.",
    content: [
      "En el contra reembolso el cliente paga al recibir el paquete, y eso cambia las reglas: cada pedido rechazado en la puerta supone dos portes, un producto inmovilizado y horas de gestión.",
      "La primera defensa es confirmar el pedido antes de prepararlo. Una llamada o un mensaje automático en las dos horas siguientes a la compra filtra pedidos duplicados, direcciones incompletas y compras impulsivas que el cliente ya no quiere.",
      "La segunda es validar la dirección. Un código postal que no corresponde a la población o un número de portal ausente son la causa más frecuente de incidencias en la entrega.",
      "La tercera es elegir bien el transportista para cada zona. No todos entregan igual en zonas rurales, islas o grandes ciudades, y comparar sus tasas de entrega por provincia marca la diferencia.",
      "Por último, mide. Saber qué productos, qué campañas y qué franjas horarias generan más rechazos te permite actuar sobre la causa y no solo sobre el síntoma.",
    ].join("\n"),
    categories: builtIn("gestion-pedidos"),
    tags: ["Contra reembolso", "Devoluciones"],
    published: true,
    translations: [
      {
        language: "en",
        daysLater: 1,
        title: "Fewer refused parcels: how to cut returns on cash-on-delivery orders",
        excerpt:
          "With cash on delivery, every parcel turned away at the door costs you twice. Here are five habits shared by the shops that lose the fewest orders on the doorstep.",
        content: [
          "Cash on delivery changes the rules: the customer only pays when the parcel arrives, so every order refused at the door means paying for shipping twice, stock stuck in transit and hours of admin.",
          "Your first line of defence is confirming the order before you pack it. A quick call or an automated message within two hours of purchase weeds out duplicate orders, incomplete addresses and impulse buys the customer has already had second thoughts about.",
          "The second is checking the address. A postcode that doesn't match the town, or a missing house or flat number, is the most common reason a delivery goes wrong.",
          "The third is matching each area with the right carrier. Couriers don't all perform equally well in rural areas, on the islands or in big cities, and comparing delivery rates region by region makes a real difference.",
          "Finally, measure everything. Knowing which products, campaigns and times of day lead to the most refusals lets you tackle the cause rather than just the symptom.",
        ].join("\n"),
      },
      {
        language: "pt",
        daysLater: 2,
        title: "Como reduzir as devoluções nas encomendas à cobrança",
        excerpt:
          "Nas vendas à cobrança, cada encomenda recusada à porta sai cara duas vezes. Reunimos cinco práticas das lojas que menos encomendas perdem na entrega.",
        content: [
          "Na venda à cobrança, o cliente só paga quando recebe a encomenda, e isso muda tudo: cada encomenda recusada à porta significa portes a dobrar, produto parado e horas perdidas a tratar do assunto.",
          "A primeira defesa é confirmar a encomenda antes de a preparar. Uma chamada ou uma mensagem automática nas duas horas seguintes à compra trava encomendas duplicadas, moradas incompletas e compras por impulso de que o cliente já se arrependeu.",
          "A segunda é validar a morada. Um código postal que não bate certo com a localidade ou a falta do número da porta são a causa mais frequente de problemas na entrega.",
          "A terceira é escolher bem a transportadora para cada zona. Nem todas entregam da mesma forma no interior, nas ilhas ou nas grandes cidades, e comparar as taxas de entrega por distrito faz toda a diferença.",
          "Por fim, meça. Saber que produtos, que campanhas e que horários geram mais recusas permite-lhe atacar a causa e não apenas o sintoma.",
        ].join("\n"),
      },
    ],
  },
  {
    daysAgo: 8,
    title: "Confirmación de pedidos con IA: qué es y cuándo compensa",
    excerpt:
      "Un asistente que llama o escribe a cada cliente para confirmar su pedido ya no es ciencia ficción. Analizamos cuándo merece la pena automatizar la confirmación.",
    content: [
      "Confirmar pedidos a mano funciona mientras los pedidos caben en una jornada. Cuando una campaña multiplica el volumen, el equipo de confirmación se convierte en el cuello de botella.",
      "La confirmación con inteligencia artificial contacta con el cliente por teléfono o mensajería, verifica el pedido y la dirección, y resuelve dudas sencillas sobre plazos o productos.",
      "Los casos que la IA no puede cerrar pasan a un confirmador humano con todo el contexto de la conversación, de forma que nadie vuelve a preguntar lo mismo.",
      "Compensa sobre todo en tiendas con picos de demanda, con clientes en varios idiomas o con horarios de compra nocturnos, donde una respuesta inmediata evita cancelaciones.",
    ].join("\n"),
    categories: builtIn("automatizacion", "gestion-pedidos"),
    tags: ["Contra reembolso", "IA"],
    published: true,
    translations: [
      {
        language: "en",
        daysLater: 1,
        title: "AI order confirmation: what it is and when it pays off",
        excerpt:
          "An assistant that calls or messages every customer to confirm their order is no longer science fiction. We look at when it makes sense to automate confirmation.",
        content: [
          "Confirming orders by hand works as long as they fit into a working day. Once a campaign sends volumes soaring, the confirmation team becomes the bottleneck.",
          "AI confirmation gets in touch with the customer by phone or messaging app, checks the order and the delivery address, and answers simple questions about delivery times or products.",
          "Anything the AI can't resolve is handed over to a member of the team along with the whole conversation, so nobody has to ask the customer the same thing twice.",
          "It pays off most for shops with sharp peaks in demand, customers who speak several languages or lots of late-night orders, where an instant reply heads off cancellations.",
        ].join("\n"),
      },
      {
        language: "pt",
        daysLater: 1,
        title: "Confirmação de encomendas com IA: o que é e quando compensa",
        excerpt:
          "Um assistente que liga ou escreve a cada cliente para confirmar a encomenda já não é ficção científica. Vemos em que casos vale a pena automatizar a confirmação.",
        content: [
          "Confirmar encomendas à mão funciona enquanto elas cabem num dia de trabalho. Quando uma campanha faz disparar o volume, a equipa de confirmação passa a ser o estrangulamento.",
          "A confirmação com inteligência artificial contacta o cliente por telefone ou por mensagem, verifica a encomenda e a morada e esclarece dúvidas simples sobre prazos ou produtos.",
          "Os casos que a IA não consegue resolver passam para um operador com todo o histórico da conversa, para que ninguém volte a perguntar o mesmo ao cliente.",
          "Compensa sobretudo em lojas com picos de procura, com clientes que falam várias línguas ou com muitas compras feitas à noite, em que uma resposta imediata evita cancelamentos.",
        ].join("\n"),
      },
    ],
  },
  {
    daysAgo: 15,
    title: "MRW, GLS, NACEX o TIPSA: cómo elegir transportista para tu tienda",
    excerpt:
      "Precio por envío, tasa de entrega, gestión del reembolso y plazos de liquidación: los criterios que importan al comparar transportistas para pedidos contra reembolso.",
    content: [
      "El precio por envío es solo una parte de la factura. En el contra reembolso pesan tanto o más la comisión de cobro, los días que tarda el transportista en liquidar el dinero y su tasa real de entrega.",
      "Conviene trabajar con más de un transportista: uno para península, otro para islas, otro para envíos urgentes. Lo difícil no es contratarlos, sino gestionar sus etiquetas, seguimientos y liquidaciones en un solo sitio.",
      "Con un CRM conectado a MRW, GLS, Correos Express, NACEX y TIPSA, cada pedido se asigna al transportista adecuado según reglas que tú defines y la etiqueta se genera sola.",
      "Revisa cada trimestre las incidencias por transportista y zona: los datos te dirán dónde renegociar y dónde cambiar de proveedor.",
    ].join("\n"),
    categories: builtIn("integraciones"),
    tags: ["Contra reembolso", "Logística", "Transportistas"],
    published: true,
    revisedDaysLater: 4,
  },
  {
    daysAgo: 22,
    title: "Guía paso a paso: conectar tu tienda online con el CRM",
    excerpt:
      "En menos de quince minutos tus pedidos llegan solos al CRM. Así se conecta la tienda, se importan los pedidos existentes y se configuran los estados.",
    content: [
      "Paso 1: en el panel de integraciones, elige tu plataforma de tienda online y autoriza la conexión con tu cuenta de administrador.",
      "Paso 2: decide desde qué fecha quieres importar pedidos. Los pedidos antiguos entran con su estado actual, así que no se duplican envíos.",
      "Paso 3: relaciona los estados de tu tienda con los del CRM: pendiente de confirmar, confirmado, enviado, entregado, devuelto.",
      "Paso 4: activa las reglas de asignación de transportista y la validación automática de direcciones.",
      "A partir de ese momento cada pedido nuevo aparece en el CRM en segundos y los cambios de estado se sincronizan en ambos sentidos.",
    ].join("\n"),
    categories: builtIn("tutoriales", "integraciones"),
    published: true,
    translations: [
      {
        language: "en",
        daysLater: 2,
        title: "Step by step: connecting your online shop to the CRM",
        excerpt:
          "In under fifteen minutes your orders start flowing into the CRM on their own. Here's how to connect your shop, bring in the orders you already have and set up your statuses.",
        content: [
          "Step 1: in the integrations panel, pick your e-commerce platform and authorise the connection with your admin account.",
          "Step 2: choose the date from which you want to import orders. Older orders come in with their current status, so nothing gets shipped twice.",
          "Step 3: map your shop's order statuses to the CRM's: awaiting confirmation, confirmed, shipped, delivered, returned.",
          "Step 4: switch on the carrier assignment rules and automatic address checks.",
          "From then on, every new order shows up in the CRM within seconds, and status changes sync both ways.",
        ].join("\n"),
      },
      {
        language: "pt",
        daysLater: 3,
        title: "Passo a passo: ligar a sua loja online ao CRM",
        excerpt:
          "Em menos de quinze minutos, as encomendas passam a chegar sozinhas ao CRM. Veja como ligar a loja, importar as encomendas que já tem e configurar os estados.",
        content: [
          "Passo 1: no painel de integrações, escolha a plataforma da sua loja online e autorize a ligação com a sua conta de administrador.",
          "Passo 2: defina a partir de que data quer importar encomendas. As encomendas antigas entram com o estado em que estão, por isso não há envios em duplicado.",
          "Passo 3: faça corresponder os estados da sua loja aos do CRM: por confirmar, confirmada, enviada, entregue, devolvida.",
          "Passo 4: ative as regras de atribuição de transportadora e a validação automática de moradas.",
          "A partir daí, cada nova encomenda aparece no CRM em segundos e as alterações de estado sincronizam-se nos dois sentidos.",
        ].join("\n"),
      },
    ],
  },
  {
    daysAgo: 30,
    title: "Stock en varios almacenes sin errores de inventario",
    excerpt:
      "Stock privado, stock general, almacenes propios y operadores logísticos: cómo organizar el inventario cuando vendes desde más de un sitio.",
    content: [
      "Vender desde varios almacenes multiplica las posibilidades de error: productos que aparecen disponibles y no lo están, envíos que salen del almacén más lejano o repartos duplicados.",
      "La clave es separar el stock privado de cada distribuidor del stock general que comparte toda la red, y que el sistema decida de dónde sale cada pedido.",
      "Cuando trabajas con operadores logísticos externos, las comisiones de cada distribuidor se calculan automáticamente a partir de los pedidos entregados, no de los enviados.",
      "Un inventario fiable también reduce devoluciones: el cliente recibe lo que pidió, cuando se le prometió.",
    ].join("\n"),
    categories: builtIn("gestion-pedidos"),
    tags: ["Logística"],
    published: true,
  },
  {
    daysAgo: 41,
    title: "Novedades: roles personalizados y auditoría de acciones",
    excerpt:
      "Ya puedes crear roles a medida para confirmadores, administradores y gestores, y consultar quién hizo cada cambio en un pedido.",
    content: [
      "Cada equipo se organiza a su manera. Por eso los roles ya no son fijos: define qué puede ver y hacer cada confirmador, administrador o gestor.",
      "Todas las acciones quedan registradas: quién confirmó un pedido, quién cambió una dirección, quién marcó una devolución. La auditoría se consulta por pedido o por usuario.",
      "Estas novedades ya están disponibles en todos los planes sin coste adicional.",
    ].join("\n"),
    categories: builtIn("noticias"),
    published: true,
  },
  {
    daysAgo: 5,
    language: "en",
    title: "Selling cash on delivery abroad: five checks before you launch in a new country",
    excerpt:
      "Cash on delivery travels well, but not unchanged. Before you open orders in a new market, check these five things to avoid a wave of refused parcels.",
    content: [
      "Cash on delivery is still the payment method of choice in many European markets, but the habits behind it differ from one country to the next. What works at home won't necessarily work across the border.",
      "Start with the carriers. Find out which couriers offer cash collection in the new country, what they charge to collect and how many days they take to pay the money back to you.",
      "Next, look at addresses. Postcode formats, building numbers and even the order of address lines vary, so adapt your checkout form and your address checks before the first order comes in.",
      "Then think about confirmation. Customers are far more likely to pick up a call or reply to a message in their own language and at a sensible local time, so plan for both.",
      "Finally, start small: run one campaign, watch the delivery rate for a few weeks and only then scale up your advertising.",
    ].join("\n"),
    categories: builtIn("gestion-pedidos"),
    published: true,
  },
  {
    daysAgo: 1,
    title: "Borrador: checklist para preparar el Black Friday",
    excerpt: "Lista de comprobación para que tu operativa de contra reembolso aguante el pico de pedidos.",
    content: [
      "Revisa con tus transportistas la capacidad de recogida diaria.",
      "Refuerza el equipo de confirmación o activa la confirmación automática.",
      "Prepara respuestas rápidas para las dudas más frecuentes.",
    ].join("\n"),
    categories: builtIn("tutoriales"),
    published: false,
  },
];

/**
 * Writes the demo articles when the store has no article at all; returns how many. They are
 * saved as an administrator's are (`ArticleService`), each at its own date in the past.
 */
export async function seedIfEmpty(articles: ArticleRepository, media: MediaRecords, now: Date): Promise<number> {
  if ((await articles.listAll()).length > 0) return 0;
  let at = now;
  const service = new ArticleService({
    store: articles,
    media,
    changes: new ArticleChanges(async () => noCdn),
    clock: () => at,
  });
  // Oldest first, each with its own date, so "newest first" has a meaningful order.
  const ordered = [...SEED_ARTICLES].sort((a, b) => b.daysAgo - a.daysAgo);
  let count = 0;
  for (const { daysAgo, revisedDaysLater, language = "es", translations = [], ...input } of ordered) {
    const source = { ...input, language };
    at = new Date(now.getTime() - daysAgo * DAY);
    const original = await service.create(source);
    count++;
    if (revisedDaysLater !== undefined) {
      at = new Date(now.getTime() - (daysAgo - revisedDaysLater) * DAY);
      await service.update(original.id, { ...source, version: original.version });
    }
    for (const { daysLater, ...translation } of translations) {
      at = new Date(now.getTime() - (daysAgo - daysLater) * DAY);
      await service.create({ ...input, ...translation, translationOf: original.id });
      count++;
    }
  }
  return count;
}
