"""Contrastive training of a static embedding table (run by scripts/train-model.mjs; Debian's
python3-torch and python3-numpy, CPU only).

A text's vector is the sum of its tokens' rows, L2-normalised: exactly what Transformers.js'
mean pooling + normalize computes from the ONNX Gather (the zero [CLS]/[SEP] rows only rescale).
Loss: symmetric in-batch InfoNCE (multiple-negatives ranking) at a fixed scale, Adam at a high
learning rate, as static models need; the table starts from the GloVe table and a pull towards it
keeps words that the pairs rarely see in the same space as those they see often.

  python3 train.py --dir DIR [--epochs N --batch B --lr LR --scale S --anchor A --seed S --valid-out FILE]
  DIR holds vocab.txt, init.f32 (rows x dims, float32), pairs.tsv (source, query, passage);
  writes trained.f32 (and the held-back pairs to FILE) and prints one JSON line per evaluation to stdout.
"""
import argparse
import json
import math
import random
import re
import sys
import time
import unicodedata

import numpy as np
import torch
import torch.nn.functional as F

parser = argparse.ArgumentParser()
parser.add_argument('--dir', required=True)
parser.add_argument('--epochs', type=int, default=2)
parser.add_argument('--batch', type=int, default=256)
parser.add_argument('--lr', type=float, default=3e-3)
parser.add_argument('--scale', type=float, default=20.0)
parser.add_argument('--anchor', type=float, default=1e-3)
parser.add_argument('--seed', type=int, default=1)
parser.add_argument('--threads', type=int, default=2)
parser.add_argument('--query-tokens', type=int, default=32)
parser.add_argument('--passage-tokens', type=int, default=96)
parser.add_argument('--valid', type=float, default=0.02)
parser.add_argument('--valid-out', help='write the held-back pairs here (source, query, passage), as in pairs.tsv')
args = parser.parse_args()

random.seed(args.seed)
np.random.seed(args.seed)
torch.manual_seed(args.seed)
torch.set_num_threads(args.threads)

vocab = open(f'{args.dir}/vocab.txt', encoding='utf8').read().split('\n')
ids = {w: i for i, w in enumerate(vocab)}
init = np.fromfile(f'{args.dir}/init.f32', dtype=np.float32).reshape(len(vocab), -1)
SPECIALS = 5

# BERT's basic tokenizer, as @huggingface/tokenizers runs it: lower case, accents stripped,
# split at white space and at every punctuation character.
PUNCT = re.compile(r'[\u0021-\u002F\u003A-\u0040\u005B-\u0060\u007B-\u007E]')


def tokens(text):
    text = unicodedata.normalize('NFD', text.lower())
    text = ''.join(c for c in text if unicodedata.category(c) != 'Mn')
    out = []
    for word in text.split():
        piece = ''
        for c in word:
            if PUNCT.match(c) or unicodedata.category(c).startswith('P'):
                if piece:
                    out.append(piece)
                out.append(c)
                piece = ''
            else:
                piece += c
        if piece:
            out.append(piece)
    return [ids[t] for t in out if t in ids]


pairs = []
texts = []
sources = {}
for line in open(f'{args.dir}/pairs.tsv', encoding='utf8'):
    source, query, passage = line.rstrip('\n').split('\t')
    q = tokens(query)[: args.query_tokens]
    p = tokens(passage)[: args.passage_tokens]
    if q and len(p) >= 3:
        pairs.append((q, p))
        texts.append(line)
        sources[source] = sources.get(source, 0) + 1
# Shuffling an index list draws the same permutation that shuffling the pairs themselves did.
order = list(range(len(pairs)))
random.shuffle(order)
pairs = [pairs[i] for i in order]
n_valid = int(len(pairs) * args.valid)
valid, train = pairs[:n_valid], pairs[n_valid:]
if args.valid_out:
    with open(args.valid_out, 'w', encoding='utf8') as out:
        out.writelines(texts[i] for i in order[:n_valid])
print(json.dumps({'pairs': len(pairs), 'train': len(train), 'valid': len(valid), 'sources': sources}), flush=True)

table = torch.nn.Parameter(torch.from_numpy(init.copy()))
origin = torch.from_numpy(init.copy())
special = torch.zeros(len(vocab), 1)
special[SPECIALS:] = 1
optimizer = torch.optim.Adam([table], lr=args.lr)


def embed(batch):
    flat = torch.tensor([t for seq in batch for t in seq], dtype=torch.long)
    offsets = torch.tensor(np.cumsum([0] + [len(seq) for seq in batch[:-1]]), dtype=torch.long)
    return F.normalize(F.embedding_bag(flat, table * special, offsets, mode='sum'), dim=-1)


def loss_of(batch):
    q = embed([a for a, _ in batch])
    p = embed([b for _, b in batch])
    logits = args.scale * q @ p.T
    labels = torch.arange(len(batch))
    return (F.cross_entropy(logits, labels) + F.cross_entropy(logits.T, labels)) / 2, logits


@torch.no_grad()
def evaluate(step):
    # In-batch loss and recall@1 over the validation pairs, in batches the size of training's.
    losses, hits, total = [], 0, 0
    for i in range(0, len(valid) - args.batch + 1, args.batch):
        batch = valid[i : i + args.batch]
        loss, logits = loss_of(batch)
        losses.append(loss.item())
        hits += (logits.argmax(1) == torch.arange(len(batch))).sum().item()
        total += len(batch)
    report = {'step': step, 'valid_loss': round(float(np.mean(losses)), 4), 'valid_r1': round(hits / max(1, total), 4), 'drift': round((table.detach() - origin).norm().item() / origin.norm().item(), 4)}
    print(json.dumps(report), flush=True)
    return report


best = evaluate(0)
best_table = table.detach().clone()
began = time.time()
step = 0
for epoch in range(args.epochs):
    random.shuffle(train)
    running = []
    for i in range(0, len(train) - args.batch + 1, args.batch):
        loss, _ = loss_of(train[i : i + args.batch])
        if args.anchor:
            loss = loss + args.anchor * ((table - origin) ** 2).sum(1).mean() * len(vocab) / 1000
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        running.append(loss.item())
        step += 1
        if step % 50 == 0:
            print(json.dumps({'epoch': epoch + 1, 'step': step, 'train_loss': round(float(np.mean(running[-50:])), 4), 'seconds': round(time.time() - began)}), flush=True)
    report = evaluate(step)
    # The epoch kept is the one with the lowest validation loss (mined pairs, never a question set).
    if report['valid_loss'] < best['valid_loss']:
        best, best_table = report, table.detach().clone()

(best_table * special).numpy().astype(np.float32).tofile(f'{args.dir}/trained.f32')
print(json.dumps({'kept_step': best['step'], 'seconds': round(time.time() - began)}), flush=True)
