// Drawing what moves while a move animates (anim.js gives the pose): a tile coming down onto its
// place over what it covers, the pieces it buries crumbling, the volcano it covers flaring, built
// pieces dropping in. drawUnder is the still part of a landing hex (in the still picture,
// render.js); drawMoving the rest, over it, each frame. Hit tests never see any of it: the board
// answers them with the final positions.

import { drawBuilding, drawHexTop, hexPath } from "./art.js";
import { LIFT, hexTop } from "./camera.js";
import { hexCenter, key } from "./geometry.js";
import { drawPlaced, drawTop, drawWalls } from "./render-stack.js";

/** What a landing tile comes down on: the stack below it as it was (or the bare table). */
export function drawUnder(ctx, scene, hx) {
  const [x, y] = hexCenter(hx.q, hx.r);
  const below = hx.level - 1;
  if (!below) return;
  ctx.lineJoin = "round";
  drawWalls(ctx, hx, x, y, 0, below);
  const under = hx.stack[below - 1];
  const clock = under.terrain === "volcano" ? scene.clockOfTile.get(under.tile) : 0;
  drawHexTop(ctx, x, y - below * LIFT, 1, under.terrain, below, hx.q, hx.r, clock);
}

/** The moving pieces of a frame, in painter's order, then the flare. */
export function drawMoving(ctx, scene) {
  const { plan, pose } = scene.motion;
  for (const hx of scene.order) {
    const k = key(hx.q, hx.r);
    if (plan.tile.has(k)) drawFalling(ctx, scene, hx);
    else if (hx.building && plan.drops.has(k)) {
      const [x, y] = hexCenter(hx.q, hx.r);
      drawPlaced(ctx, scene, hx, x, y - hx.level * LIFT);
    }
  }
  if (pose.flare) drawFlare(ctx, scene);
}

// The buried pieces, the tile's shadow growing as it nears, the tile's layer in the air.
function drawFalling(ctx, scene, hx) {
  const { plan, pose } = scene.motion;
  const [x, y] = hexCenter(hx.q, hx.r);
  const below = hx.level - 1;
  const baseY = y - below * LIFT;
  const buried = plan.crumbles.get(key(hx.q, hx.r));
  if (buried) drawCrumbling(ctx, scene, buried, x, baseY, pose.crumble);
  if (pose.tile.shadow > 0) {
    hexPath(ctx, x, baseY, 0.96);
    ctx.fillStyle = `rgba(0,0,0,${0.3 * pose.tile.shadow})`;
    ctx.fill();
  }
  ctx.save();
  ctx.globalAlpha = pose.tile.alpha;
  ctx.lineJoin = "round";
  drawWalls(ctx, hx, x, y, below, hx.level, pose.tile.rise);
  const topY = drawTop(ctx, scene, hx, x, y, pose.tile.rise);
  ctx.restore();
  if (hx.building) drawPlaced(ctx, scene, hx, x, topY);
}

// A buried building sinks into its hex and fades: squashed towards its foot, a little wider.
function drawCrumbling(ctx, scene, building, x, topY, { height, alpha }) {
  if (height < 0.02 || alpha <= 0) return;
  const foot = topY + 0.3;
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.translate(x, foot);
  ctx.scale(1 + (1 - height) * 0.35, height);
  ctx.translate(-x, -foot);
  drawBuilding(ctx, x, topY, 1, building, scene.view.colours[building.owner]);
  ctx.restore();
}

/** The covered volcano's glow: a hot disc and a ring that spreads as it fades. */
function drawFlare(ctx, scene) {
  const { plan, pose } = scene.motion;
  const [q, r] = plan.flare.split(",").map(Number);
  const [x, y] = hexTop(q, r, scene.byKey.get(plan.flare)?.level ?? 1);
  const k = pose.flare;
  const g = ctx.createRadialGradient(x, y, 0, x, y, 1.5);
  g.addColorStop(0, `rgba(255,236,150,${0.85 * k})`);
  g.addColorStop(0.45, `rgba(255,120,30,${0.55 * k})`);
  g.addColorStop(1, "rgba(255,60,0,0)");
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, y, 1.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.beginPath();
  ctx.arc(x, y, 0.6 + 0.9 * (1 - k), 0, Math.PI * 2);
  ctx.lineWidth = 0.08;
  ctx.strokeStyle = `rgba(255,170,60,${0.8 * k})`;
  ctx.stroke();
}
