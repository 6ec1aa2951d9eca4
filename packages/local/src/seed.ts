import { renderArticleContent } from "@codcrm/core/article/article-html";
import type { ArticleInput } from "@codcrm/core/article/article-schema";
import type { ArticleRepository } from "@codcrm/core/db/article-repository";

const DAY = 24 * 60 * 60 * 1000;

interface SeedArticle extends ArticleInput {
  daysAgo: number;
}

/** Demo content for a fresh local store: six published articles and one draft, in Spanish. */
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
    categories: [{ id: "gestion-pedidos", name: "Gestión de pedidos" }],
    published: true,
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
    categories: [
      { id: "automatizacion", name: "Automatización" },
      { id: "gestion-pedidos", name: "Gestión de pedidos" },
    ],
    published: true,
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
    categories: [{ id: "integraciones", name: "Integraciones" }],
    published: true,
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
    categories: [
      { id: "tutoriales", name: "Tutoriales" },
      { id: "integraciones", name: "Integraciones" },
    ],
    published: true,
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
    categories: [{ id: "gestion-pedidos", name: "Gestión de pedidos" }],
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
    categories: [{ id: "noticias", name: "Noticias" }],
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
    categories: [{ id: "tutoriales", name: "Tutoriales" }],
    published: false,
  },
];

/** Writes the demo articles when the store has no article at all; returns how many. */
export async function seedIfEmpty(articles: ArticleRepository, now: Date): Promise<number> {
  if ((await articles.listAll()).length > 0) return 0;
  // Oldest first, each with its own date, so "newest first" has a meaningful order.
  const ordered = [...SEED_ARTICLES].sort((a, b) => b.daysAgo - a.daysAgo);
  for (const { daysAgo, ...input } of ordered) {
    await articles.create(input, new Date(now.getTime() - daysAgo * DAY), renderArticleContent(input));
  }
  return ordered.length;
}
